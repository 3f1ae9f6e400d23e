attribute "a" {
  required = true
  default = 1
}
attribute "b" {
  pattern = "("
  min = 3
  max = 1
  conflicts_with = ["zz"]
}
