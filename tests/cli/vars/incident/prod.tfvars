tags           = { env = "prod" }
instance_count = 3
db_password    = "prod-pw-SECRET"
