a = {for k, v in m: k => v}
b = {for x in xs: x => x * 2}
