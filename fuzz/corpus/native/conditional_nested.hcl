x = var.a ? var.b ? 1 : 2 : var.c ? 3 : 4
