a = b[0]
c = d["k"]
e = f[0]["x"].y
