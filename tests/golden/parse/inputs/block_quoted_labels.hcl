resource "aws_instance" "web" {
  ami = "abc"
}
