a = "é" # combining accent
b = x
