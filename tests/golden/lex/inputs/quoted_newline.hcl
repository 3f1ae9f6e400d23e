a = "abc
def"
b = "a
b"
c = "


"
d = ""
