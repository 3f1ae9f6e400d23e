rows { v = "a" }
rows { v = 1 }
rows { v = true }
