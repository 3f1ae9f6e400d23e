a = true
b = false
c = null
d = [true, false, null]
