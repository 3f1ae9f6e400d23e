a = <<EOT
hello
world
EOT
b = 1
