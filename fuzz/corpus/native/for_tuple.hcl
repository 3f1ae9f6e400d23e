upper = [for s in var.list : upper(s) if s != ""]
