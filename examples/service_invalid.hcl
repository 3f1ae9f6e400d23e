# The same service with a mistake of every kind examples/service.schema.hcl catches; validating it
# reports each one at its line:
#   hclschema validate --schema examples/service.schema.hcl examples/service_invalid.hcl

service "checkout" {
  image      = "checkout"              # no registry or tag: does not match the pattern
  replicas   = 4                       # even: fails the validation rule
  command    = []                      # fewer than one element
  token      = "secret-123"            # sensitive: the message never shows it
  mode       = "fsat"                  # not one of the permitted values (did you mean "fast"?)
  timeout_ms = 500                     # deprecated: a warning, not an error
  regions    = ["eu-west-1"]
  colour     = "blue"                  # no such attribute

  config_inline = "listen: 8080"
  config_file   = "/etc/checkout.yaml" # exactly one of config_inline and config_file

  deploy = {
    max_surge = "lots"                 # not a number
  }

  port "http" {
    container = 70000                  # above the maximum
  }

  health_check {
    path = "healthz"                   # must start with "/"
  }

  health_check {                       # only one is allowed
    path = "/ready"
  }
}
