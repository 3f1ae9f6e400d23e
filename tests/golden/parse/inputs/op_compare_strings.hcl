a = "x" == "y"
b = x.y != null
