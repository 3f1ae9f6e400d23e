a = 1
# end