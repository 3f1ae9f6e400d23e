a { b = 1 }
empty {}
labelled "x" { y = "z" }
