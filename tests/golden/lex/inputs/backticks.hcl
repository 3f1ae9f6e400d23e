a = `x` `y` `z`
