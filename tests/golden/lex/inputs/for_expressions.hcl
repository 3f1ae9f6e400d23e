a = [for k, v in m : "${k}=${v}" if v != null]
b = {for x in y : x.id => x...}
