t = [1, "two", [3], {four = 4}, null]
multiline = [
  1,
  2
]
