s                = "hello"
n                = 12.5
b                = true
num_as_string    = 42
string_as_number = "7"
l                = ["a", 1, true]
st               = [3, 1, 2, 1]
m                = { x = "1", y = 2 }
t                = ["x", "5"]
o                = { a = "A", b = [1, "2"] }
anything         = { k = [1, "two"] }
untyped          = null
real_name        = "from the real name"
big              = 123456789012345678901234567890.000000000000000000001
