a = <<
x
