attribute "token" {
  type      = string
  sensitive = true
  pattern   = "^tok_"
}
attribute "port" {
  type = number
  max  = 9
}
attribute "old" {
  deprecated = "do not use"
}
