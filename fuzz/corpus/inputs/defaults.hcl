input "app" {
  name:     string
  replicas: int = 3
  ratio:    number = 0.25
  debug:    bool = false
  timeout:  optional(number, 30)
  labels:   optional(map(string))
  zones:    list(string) = ["a", "b"]
  db:       object({host: string, port: int}) = {host = "localhost", port = 5432}
  notes:    string = "say \"hi\"\n"
}

input "my-other.input" {
  enabled: bool
  meta:    any
}
