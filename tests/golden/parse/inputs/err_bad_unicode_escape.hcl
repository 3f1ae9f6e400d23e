a = "\u12"
b = "\uZZZZ"
