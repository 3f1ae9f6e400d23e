a = { null = 1, true = 2, for = 3 }
