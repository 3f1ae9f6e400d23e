block {
  a = <<-EOT
    hello ${name}
      more
    EOT
}
