variable "subnets" {
  type = list(object({
    cidr = string
    az   = optional(string, "a")
  }))
  default = []
}

locals {
  names = [for s in var.subnets : "${s.az}-${replace(s.cidr, "/", "_")}"]
  tags  = merge(var.tags, { Env = var.env })
}
