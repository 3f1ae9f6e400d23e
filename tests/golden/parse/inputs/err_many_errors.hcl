a = "x
b = [1 2]
c {
d = f(
