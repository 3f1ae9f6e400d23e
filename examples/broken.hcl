# This file has mistakes on purpose: `make run` shows how hclschema reports them.

service "billing" {
  image    = "registry.example.com/billing:2.0.0
  replicas = 2

  port "http" {
    container = 8080
    public    = true
  }
