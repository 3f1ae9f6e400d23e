a "x${y}z" {
}
