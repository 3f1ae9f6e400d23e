a = 1
b = "x"
block "label" {
  c = true
  d = null
}
