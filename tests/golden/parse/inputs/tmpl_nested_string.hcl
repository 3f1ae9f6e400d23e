a = "x${"inner ${y}"}z"
