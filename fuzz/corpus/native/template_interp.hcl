greeting = "Hello, ${var.name}! You have ${length(var.items)} items."
strip = "a ${~ var.x ~} b"
