a = <<EOT
back\slash \n $${x} %%{y}
EOT
