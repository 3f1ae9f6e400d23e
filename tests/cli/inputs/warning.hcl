input "w" {
  a: strng
}
