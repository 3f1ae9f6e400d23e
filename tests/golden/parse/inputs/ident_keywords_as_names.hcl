true_thing = 1
null_x = 2
for = 3
if = 4
in = 5
