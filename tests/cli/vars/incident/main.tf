variable "app_version" {
  type        = string
  description = "Released by the pipeline through TF_VAR_app_version."
}

variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "instance_count" {
  type    = number
  default = 1
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "db_password" {
  type      = string
  sensitive = true
  default   = "default-pw-SECRET"
}
