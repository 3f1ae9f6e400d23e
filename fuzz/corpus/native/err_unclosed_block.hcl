block "x" {
  a = 1
