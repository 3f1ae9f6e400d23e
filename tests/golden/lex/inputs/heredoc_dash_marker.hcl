a = <<EOT-X_1
x
EOT-X_1
b = <<-_m
_m
