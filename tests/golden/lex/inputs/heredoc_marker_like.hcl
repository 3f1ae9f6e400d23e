a = <<EOT
EOTX
 EOT x
${a}EOT
xEOT
$EOT
EOT$
 EOT　
