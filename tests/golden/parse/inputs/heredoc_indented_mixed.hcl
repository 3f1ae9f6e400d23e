a = <<-EOT
  one
    two
 three
  EOT
