a = "${greeting}, world"
b = numbers[1] + double(10)
c = nested.inner.value
d = double(numbers[2])
e = join_all("-", 1, 2, 3)
f = [for n in numbers : n * n if n > 1]
blk {
  g = "${greeting}${nested["inner"].value}${numbers[0]}"
}
