a = my-func(1)
