n = "not a number"
l = [1, "x"]
o = { a = "maybe" }
v = var.unknown
extra = 1
