a = {for s in var.subnets : s.name => s if s.enabled}
