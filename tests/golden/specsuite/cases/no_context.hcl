a = var.name
b = upper("x")
