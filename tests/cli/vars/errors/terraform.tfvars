port  = 80
token = "tok-SECRET"
