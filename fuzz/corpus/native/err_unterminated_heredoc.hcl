doc = <<EOT
no end here
