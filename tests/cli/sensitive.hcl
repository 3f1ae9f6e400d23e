token = sensitive("tok_secret")
plain = upper("x")
decoded = jsondecode(sensitive("{\"tok_key\": 1}"))
