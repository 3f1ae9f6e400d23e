credentials = {
  SECRET_key_name = "SECRET-value"
}
