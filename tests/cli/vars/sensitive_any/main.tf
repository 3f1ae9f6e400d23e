# A sensitive variable of type `any`: its value's own type would name the secret's keys.
variable "credentials" {
  type      = any
  sensitive = true
}
