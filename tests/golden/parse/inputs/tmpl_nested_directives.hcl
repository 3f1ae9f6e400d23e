a = "%{ for x in xs }%{ if x }[${x}]%{ endif }%{ endfor }"
