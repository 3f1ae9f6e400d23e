a = b[*].c
d = e.*.f
g = h[0]["x"].i
