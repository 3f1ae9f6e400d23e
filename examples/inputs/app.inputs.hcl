# Inputs of a small web application, read by its deploy program. Document them with
#   hclschema docs examples/inputs/app.inputs.hcl
# (comment lines directly above an input or a field become its description).

# Where and how the application runs.
input "app" {
  # The application's name; also the prefix of every resource it creates.
  name: string
  # How many instances run behind the load balancer.
  replicas: int = 2
  debug:    bool = false  # Verbose logging; never in production.
  # Extra labels on every resource.
  labels: optional(map(string))
  # Request timeout in seconds.
  timeout: optional(number, 30)
}

# The database the application connects to.
input "database" {
  # Host and port of the primary.
  primary: object({
    host: string
    port: optional(int, 5432)
  })
  # Read replicas, each in its own zone.
  replicas: list(object({
    zone: string
    lag_alert_seconds: optional(number, 60)
  })) = []
  # Connection pool settings; every one has a default.
  pool: optional(object({
    size: optional(int, 10)
    timeouts: optional(object({
      connect: optional(number, 5)
      idle:    optional(number, 300)
    }))
  }))
}
