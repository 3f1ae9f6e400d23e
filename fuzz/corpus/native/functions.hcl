a = max(1, 2, 3)
b = concat(var.a, var.b...)
c = provider::aws::arn_parse("arn:aws:s3:::b")
d = f()
