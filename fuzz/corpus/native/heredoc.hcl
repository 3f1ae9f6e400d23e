doc = <<EOT
line one
  line two ${var.x}
EOT
