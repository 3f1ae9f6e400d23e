a = 'x' 'y' 'z'
