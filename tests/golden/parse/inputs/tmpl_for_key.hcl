a = "%{ for k, v in m }${k}=${v} %{ endfor }"
