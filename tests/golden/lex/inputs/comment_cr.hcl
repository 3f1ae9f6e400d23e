# one two
// three
x