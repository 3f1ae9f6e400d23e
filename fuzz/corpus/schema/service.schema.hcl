# hcl-schema for examples/service.hcl: one or more services, each with ports, an optional health
# check, a deployment strategy and a secret token. Validate with
#   hclschema validate --schema examples/service.schema.hcl examples/service.hcl
draft = "2026-09"

block "service" {
  labels      = ["name"]
  min_items   = 1
  description = "A service to deploy. The label is the service's name."

  attribute "image" {
    type        = string
    required    = true
    description = "The container image, with a registry host and a tag."
    pattern     = "^[a-z0-9.-]+(/[a-z0-9._-]+)+:[A-Za-z0-9._-]+$"
  }

  attribute "replicas" {
    type        = number
    default     = 1
    min         = 1
    max         = 9
    description = "How many instances run."

    validation {
      condition     = self % 2 == 1
      error_message = "replicas must be odd so that quorum is well defined"
    }
  }

  attribute "command" {
    type        = list(string)
    min         = 1
    description = "The command line, program first."
  }

  attribute "env" {
    type        = map(string)
    default     = {}
    description = "Environment variables of the container."
  }

  attribute "regions" {
    type        = set(string)
    required    = true
    min         = 1
    max         = 5
    description = "The regions to deploy to."
  }

  attribute "labels" {
    type        = map(string)
    description = "Labels per region."
  }

  attribute "motd" {
    type        = string
    description = "A message printed at start-up."
  }

  attribute "mode" {
    type        = string
    enum        = ["fast", "safe"]
    default     = "safe"
    description = "How aggressively to roll out: fast skips the canary."
  }

  attribute "token" {
    type        = string
    sensitive   = true
    pattern     = "^tok_"
    description = "The deploy token. Never printed."
  }

  attribute "config_inline" {
    type           = string
    description    = "The configuration, inline."
    exactly_one_of = ["config_file"]
  }

  attribute "config_file" {
    type           = string
    description    = "A path to the configuration."
    exactly_one_of = ["config_inline"]
  }

  attribute "checksum" {
    type          = string
    description   = "The SHA-256 of config_file."
    pattern       = "^[0-9a-f]{64}$"
    required_with = ["config_file"]
  }

  attribute "deploy" {
    type = object({
      strategy  = optional(string, "rolling")
      max_surge = optional(number, 1)
      canary = optional(object({
        enabled = optional(bool, true)
        weight  = optional(number, 10)
      }), {})
    })
    default     = {}
    description = "How new versions roll out; every setting has a default."
  }

  attribute "timeout_ms" {
    type        = number
    deprecated  = "use health_check.timeout instead"
    description = "Request timeout in milliseconds."
  }

  block "port" {
    labels      = ["name"]
    min_items   = 1
    description = "A port the container listens on. The label names it."

    attribute "container" {
      type        = number
      required    = true
      min         = 1
      max         = 65535
      description = "The port number inside the container."
    }

    attribute "public" {
      type        = bool
      default     = false
      description = "Whether the port is reachable from outside."
    }
  }

  block "health_check" {
    max_items   = 1
    description = "How the platform checks that an instance is healthy."

    attribute "path" {
      type     = string
      required = true
      pattern  = "^/"
    }

    attribute "interval" {
      type    = string
      default = "30s"
      pattern = "^[0-9]+(ms|s|m)$"
    }

    attribute "timeout" {
      type    = string
      default = "5s"
      pattern = "^[0-9]+(ms|s|m)$"
    }
  }
}
