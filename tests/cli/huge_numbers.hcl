huge  = 1e20000000
list  = [1, -1e-30000000]
small = 1.5
