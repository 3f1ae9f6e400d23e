a = 10 - 5 - 2
b = a / b / c
