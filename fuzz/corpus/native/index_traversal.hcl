a = var.list[0]
b = var.map["key"].attr
c = var.legacy.0.name
d = local.x[var.i + 1]
