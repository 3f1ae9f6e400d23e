# A valid native-syntax file: `hclschema parse` prints nothing and exits 0.
name = "web"

resource "aws_instance" "web" {
  ami   = "ami-123"
  count = 2
}
