# Index keys that are keywords: folded into the traversal, typed by their literal.
a = x[null]
b = x[true]
c = x[ false ]
d = x["null"]
e = x[0][null].y
f = [1][true]
