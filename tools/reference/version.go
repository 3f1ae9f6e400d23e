package main

import (
	"fmt"

	"github.com/hashicorp/hcl/v2/hclsyntax"
)

func init() {
	register("version", func(args []string) int {
		_ = hclsyntax.TokenEOF
		fmt.Println("hcl 2.14 (Debian), cty (Debian)")
		return 0
	})
}
