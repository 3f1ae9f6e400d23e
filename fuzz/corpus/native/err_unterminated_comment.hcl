/* this comment never ends
a = 1
