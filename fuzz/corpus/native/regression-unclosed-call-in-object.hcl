variable "subnets" {
  type = list(object({
    cidr = string
    az   = optional(string,  tags  = merge(var.tags, { Env = var.env })
}
