a = [for x in xs: x...]
