input "s" {
  a: lst(string)
  b: list(string, int)
  c: optional(number, 1, 2)
  name: string = 42
  count: number = "30s"
  enabled: bool = 1
  ports: list(int) = [80, "x", 1.5]
  a: int
  d: optional(string, true)
  e = string
}

input "s" {
  db: object({host: string, port: int}) = {host = "h", port = "p"}
}
