a = <<EOT
x
  	 EOT 	 
b = 1
