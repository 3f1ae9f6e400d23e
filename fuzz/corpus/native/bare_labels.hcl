service web http {
  port = 80
}
