by_name = {for k, v in var.map : v.name => k... if k != "skip"}
