a = 1 2
} = b
= c
d = ]
block { e = 1 f = 2 }
