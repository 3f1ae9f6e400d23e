token = "hunter2"
port = 10
