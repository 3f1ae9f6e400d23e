a = “hello”
b = ‘x’
