a { b = 1 }
c "x" { d = "e" }
