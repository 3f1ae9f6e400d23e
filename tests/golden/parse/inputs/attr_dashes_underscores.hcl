foo-bar = 1
foo_bar = 2
_x = 3
a-b-c_d = 4
