a = b.0
c = d.0.e
f = g.1.e
