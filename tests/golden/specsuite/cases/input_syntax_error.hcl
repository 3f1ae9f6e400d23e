a = [1, 2
b = "unterminated
