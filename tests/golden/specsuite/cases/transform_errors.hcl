v = "x"
n = "not a number"
