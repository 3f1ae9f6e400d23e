check "c" {
  assert {
    condition     = provider::test::is_true(var.x == "y")
    error_message = "nope"
  }
}
