single {
  a = "one"
}
actual {
  x = 3
}
items {
  name = "first"
  size = 1
}
items {
  name = "second"
}
tags { value = "b" }
tags { value = "a" }
tags { value = "b" }
services "web" {
  port = 80
}
services "db" {
  port = "5432"
}
routes "eu" "main" {
  target = "a"
}
routes "eu" "backup" {
  target = "b"
}
routes "us" "main" {
  target = "c"
}
