a = <<-EOT
  hello
  EO
