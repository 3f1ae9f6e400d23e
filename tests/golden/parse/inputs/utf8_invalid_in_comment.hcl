# Ã( bad
a = 1
