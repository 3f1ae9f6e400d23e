tags           = { team = "payments" }
instance_count = 2
