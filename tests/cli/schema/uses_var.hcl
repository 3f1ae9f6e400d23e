port = var.port
