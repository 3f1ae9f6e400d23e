name = "web"
port = 8080
enabled = true
nothing = null
ratio = 1.5e3
