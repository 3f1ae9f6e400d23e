block {
  doc = <<-EOT
    indented
      more
    %{ if true }yes%{ endif }
    EOT
}
