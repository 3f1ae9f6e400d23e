rows { v = "a" }
rows { v = 1 }
rows { v = true }
cols { v = 1 }
cols { v = [1] }
