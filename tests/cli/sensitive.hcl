token = sensitive("tok_secret")
plain = upper("x")
