a = <<EOT
${<<EOT
EOT
}
EOT
