a = <<EOT
%