# A web service and its deployment, in HCL's native syntax.

service "checkout" {
  image    = "registry.example.com/checkout:1.4.2"
  replicas = 3
  command  = ["/app/checkout", "--port", "8080"]

  env = {
    LOG_LEVEL = "info"
    DB_URL    = "postgres://db.internal:5432/checkout"
  }

  port "http" {
    container = 8080
    public    = true
  }

  health_check {
    path     = "/healthz"
    interval = "10s"
    timeout  = "2s"
  }

  # Regions to deploy to, and a label for each.
  regions = ["eu-west-1", "us-east-1"]
  labels  = { for r in regions : r => "checkout-${r}" }

  motd = <<-EOT
    Welcome to checkout (${replicas} replicas).
    %{ if replicas > 1 }Load-balanced.%{ else }Single instance.%{ endif }
    EOT
}
