input "s" {
  a: lst(string)
  b = int
  c:
  d: int =
  42: x
  e: list(string
}
input {
}
input "a" "b"
{
}
variable "x" {}
input "u