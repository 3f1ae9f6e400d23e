a = [for x in xs: [for y in x: y]]
