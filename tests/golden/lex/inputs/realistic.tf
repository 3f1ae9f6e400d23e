variable "settings" {
  type = object({
    name    = string
    tags    = optional(map(string), {})
    enabled = optional(bool, true)
  })
  default = null

  validation {
    condition     = var.settings == null || can(regex("^[a-z]+$", var.settings.name))
    error_message = "The name must be lowercase letters only."
  }
}

locals {
  # Merge defaults.
  tags = merge({ env = "dev" }, try(var.settings.tags, {}))
  script = <<-EOT
    #!/bin/bash
    echo "${local.name}" > /tmp/out
    %{ for k, v in local.tags ~}
    echo ${k}=${v}
    %{ endfor ~}
  EOT
  count = length([for s in var.list : s if s != ""]) * 2 + 1.5e3
}
