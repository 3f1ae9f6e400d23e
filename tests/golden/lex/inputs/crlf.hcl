a = 1
# comment
// other
b = <<EOT
line
EOT
c = "x"
