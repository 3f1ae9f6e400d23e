a = <<EOT x
b = << EOT
c = <<1
d = <<-
e = <<--EOT
f = <<EOT