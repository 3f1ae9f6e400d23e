a = {
  bare = 1
  "quoted" = 2
  (paren) = 3
  "${interp}" = 4
  1 = 5
  a.b = 6
  f(x) = 7
}
