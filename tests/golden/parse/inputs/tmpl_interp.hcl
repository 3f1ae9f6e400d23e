a = "hello ${name}!"
