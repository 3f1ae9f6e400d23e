input "s" {
  name:  string
  count: int = 1
  big:   number = 12345678901234567890.5
  tags:  optional(map(string), {env = "dev"})
}
