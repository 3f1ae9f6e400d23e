one {
  a = "first"
}
one {
  a = "second"
}
few {}
many {
  v = 1
}
many {
  v = 2
}
sets {
  v = 1
}
sets {
  v = 2
}
named "x" {}
named "x" {}
named {}
unknown_block {}
