a = <<A
x ${<<B
inner ${c}
B
} y
A
