a "x" y "z" {
}
