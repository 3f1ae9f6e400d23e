input "s" {
  a: list(
    string
  ) = [
    "a",
  ]
  b: string = <<EOT
x
EOT
  c: object({p: optional(int, 80), q: optional(list(bool), [true])}) = {}
  d: tuple([string, int]) = ["h", 1] # c
  e: strng
}
input t { f: int }
