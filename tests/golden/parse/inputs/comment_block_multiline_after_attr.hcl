a = 1 /* one
two */
b = 2
