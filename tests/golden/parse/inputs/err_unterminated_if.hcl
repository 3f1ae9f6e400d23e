a = "%{ if x }yes"
