a = 1 /* never closed
b = 2
