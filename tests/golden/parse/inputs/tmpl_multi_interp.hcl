a = "${a}${b} and ${c.d[0]}"
