a = b[c]
d = e[f + 1]
g = h[i].j
k = l[m][n]
