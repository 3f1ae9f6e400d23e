# hash comment
// slash comment
/* block
   comment */
a = 1 # trailing
b = /* inline */ 2
