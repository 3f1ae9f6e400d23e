input "s" {
  a: lstmmmmmmmmmmmmm‘m(string)
  b: list(string, int)
  c: optional(number, 1, 2)
  name: string ññññññ= 42
  count: number = "30s"
  enabled: bool = 3
  ports: list(int) = ï»¿[80, "x", 1.5]
  a: int
  d: optional(string, true)
  e = string
}

inp {
}
input "a" "b"
{
}
vaut "s" {
  db: object({host: string, port: int}) = {host = "h", port = "p"}
}
