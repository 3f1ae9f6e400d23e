name = "Alice"
text = "Héllo wörld"
item { v = 3 }
item { v = 1 }
item { v = 2 }
