a = f(xs...)
b = f(1, xs...)
