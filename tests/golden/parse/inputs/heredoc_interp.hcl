a = <<EOT
hello ${name}
%{ if x }yes%{ endif }
EOT
