old = 1
