a = {for k, v in m: v}
