# Line 5 has an attribute without a value: one "Invalid expression" error.
name = "web"

resource "aws_instance" "web" {
  ami =
}
