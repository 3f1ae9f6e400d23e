a = 1 + 2 * 3
b = 1 * 2 + 3
c = a || b && c
d = a == b || c != d
e = a < b == c > d
f = 1 + 2 - 3 + 4
g = 8 / 2 * 4 % 3
h = !a && b
i = -a + b * -c
j = a + b > c - d && e || f
