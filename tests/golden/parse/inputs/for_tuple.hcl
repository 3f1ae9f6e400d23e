a = [for x in xs: x]
b = [for i, x in xs: i + x]
