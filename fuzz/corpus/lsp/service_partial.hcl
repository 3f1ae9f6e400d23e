service "checkout" {
  image    = "registry.example.com/checkout:1.4.2"
  replicas = 
  deploy {
    mode = "sa
  }
  port "http" {
    number = 80
  }
