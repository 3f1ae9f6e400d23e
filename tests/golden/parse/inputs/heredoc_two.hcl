a = <<A
1
A
b = <<-B
  2
  B
