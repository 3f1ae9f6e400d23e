sum = 1 + 2
ref = "x${var.y}"
big = 12345678901234567890123
which = "@@hclschema-value-0@@"
svc "web" {
  ports = [80, 443]
}
