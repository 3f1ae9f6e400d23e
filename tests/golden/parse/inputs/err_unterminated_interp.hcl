a = "abc ${x"
