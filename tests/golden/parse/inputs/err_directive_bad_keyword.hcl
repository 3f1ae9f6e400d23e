a = "%{ while x }y%{ endwhile }"
