resource "aws_instance" "web" {
  ami = "ami-123"
  tags = {
    Name = "web"
  }
  lifecycle {
    create_before_destroy = true
  }
}
