a = "${"
b = "%{ if x }no endif"
c = "%{ endfor }"
