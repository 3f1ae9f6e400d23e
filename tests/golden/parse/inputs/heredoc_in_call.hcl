a = trimspace(<<EOT
  x
EOT
)
