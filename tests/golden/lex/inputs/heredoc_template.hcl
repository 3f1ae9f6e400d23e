a = <<EOT
Hello ${name}!
%{ if x ~}
yes
%{~ else }
no
%{ endif }
${a}${b}
EOT
