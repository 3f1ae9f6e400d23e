a = "a ${~ b ~} c"
b = "x   ${~y}"
c = "${z~}   w"
