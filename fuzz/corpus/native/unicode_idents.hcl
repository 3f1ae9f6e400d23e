café = "é"
π = 3.14
name-with-dash = 1
"é" = 2
