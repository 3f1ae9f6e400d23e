a = "${ {b = 1}.b }"
c = "${ { d = { e = 1 } } }"
f = "${ [for x in y: {k = x}] }"
