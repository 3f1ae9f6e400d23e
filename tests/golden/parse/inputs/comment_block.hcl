/* a
   multi-line
   comment */
a = /* inline */ 1
