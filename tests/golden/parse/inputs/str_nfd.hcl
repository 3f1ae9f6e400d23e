a = "café"
