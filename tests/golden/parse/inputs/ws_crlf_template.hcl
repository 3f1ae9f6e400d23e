a = "x"
b = <<-EOT
  y
  EOT
