a = <<EOT x
EOT
