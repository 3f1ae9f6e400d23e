a = <<EOT
%{ for x in xs ~}
- ${x}
%{ endfor ~}
EOT
