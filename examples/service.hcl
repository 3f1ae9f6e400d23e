# A web service and its deployment, in HCL's native syntax. It follows examples/service.schema.hcl.

service "checkout" {
  image    = "registry.example.com/checkout:1.4.2"
  replicas = 3
  command  = ["/app/checkout", "--port", "8080"]
  token    = "tok_3f9a1c77e2"

  env = {
    LOG_LEVEL = "info"
    DB_URL    = "postgres://db.internal:5432/checkout"
  }

  config_file = "/etc/checkout/config.yaml"
  checksum    = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

  deploy = {
    canary = { weight = 25 }
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
