variable "port" {
  type = number
  validation {
    condition     = var.port > 1024
    error_message = "The port must be above 1024."
  }
}

variable "token" {
  type      = number
  sensitive = true
}
