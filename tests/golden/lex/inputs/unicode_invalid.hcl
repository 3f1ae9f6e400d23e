a = 😀 　     x
