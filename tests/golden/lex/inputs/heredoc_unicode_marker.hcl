é = <<ÉOT
x
  ÉOT
