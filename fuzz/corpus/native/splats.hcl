ids = aws_instance.web[*].id
names = var.list.*.name
full = var.x[*].y[0].z
