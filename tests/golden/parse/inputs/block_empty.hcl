resource {
}
