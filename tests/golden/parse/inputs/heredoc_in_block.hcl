r "x" {
  policy = <<POLICY
{
  "a": "b"
}
POLICY
}
