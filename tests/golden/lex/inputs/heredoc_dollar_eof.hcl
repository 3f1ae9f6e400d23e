a = <<EOT
abc$