a = <<EOT
hello
  world
EOT
b = <<-X
  y
  X  
