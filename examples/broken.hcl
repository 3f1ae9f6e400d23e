# This file has mistakes on purpose: `make run` shows how hclschema reports them.

service "billing" {
  image    = "registry.example.com/billing:2.0.0"
  command  = ["/app/billing", "--listen\:8080"]
  replicas = 2
  replicas = 3

  health_check { path = "/healthz" interval = "10s" }
}
