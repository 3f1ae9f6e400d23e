a = <<EOT
hello
world
