a = f(x)[*].id
