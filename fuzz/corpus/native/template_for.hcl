list = "%{ for i, v in var.items }${i}=${v}, %{ endfor }"
