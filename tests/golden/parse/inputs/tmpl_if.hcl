a = "%{ if x }yes%{ endif }"
