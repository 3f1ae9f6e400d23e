given       = 3
second      = "two"
set_to_null = null
