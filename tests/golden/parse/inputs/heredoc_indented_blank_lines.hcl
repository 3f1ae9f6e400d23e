a = <<-EOT
    one

    two
    EOT
