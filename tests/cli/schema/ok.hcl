token = "tok_ok"
port = 1
