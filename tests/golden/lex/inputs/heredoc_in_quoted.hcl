a = "${<<EOT
inside
EOT
}"
