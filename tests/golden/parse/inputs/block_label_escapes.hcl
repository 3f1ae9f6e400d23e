a "x\ny" "\u00e9t\u00e9" {
}
