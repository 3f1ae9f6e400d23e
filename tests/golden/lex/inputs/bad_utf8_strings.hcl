a = "xÿy"
b = "Ã"
c = "â€"
d = "\ÿ"
e = "$Ã"
f = <<EOT
Ã x
$Ã
ÿ
EOT
