attribute "a" {
  required = true
  default  = 1
}
