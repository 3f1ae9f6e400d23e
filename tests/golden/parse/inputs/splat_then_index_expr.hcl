a = b[*].c[d]
