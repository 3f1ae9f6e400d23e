variable "region" {
  type        = string
  default     = "us-east-1"
  description = "The region"
}

resource "aws_instance" "web" {
  count         = var.enabled ? 2 : 0
  ami           = data.aws_ami.ubuntu.id
  instance_type = "t3.micro"
  tags = {
    Name = "web-${count.index}"
  }

  lifecycle {
    create_before_destroy = true
  }
}

output "ids" {
  value = aws_instance.web[*].id
}
