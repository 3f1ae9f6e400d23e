a = <<EOT
abcd
EOT
b = 1
