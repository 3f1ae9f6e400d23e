a { 
}
a {
}
b "x" {
  c = 1
}
