block {
  a = <<-EOT
    hello
      world
    EOT
}
