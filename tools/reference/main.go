// Command reference runs HashiCorp's Go implementation of HCL and cty (from Debian's packages) on
// the same inputs as hclschema and prints JSON in hclschema's own shapes, to make golden files.
// It is a test tool of this project: built offline by build.sh, never linked into hclschema.
//
// Usage: reference SUBCOMMAND [ARGS...]; each subcommand lives in its own file.
package main

import (
	"fmt"
	"os"
)

var subcommands = map[string]func(args []string) int{}

// register is called from each subcommand file's init function.
func register(name string, run func(args []string) int) { subcommands[name] = run }

func main() {
	if len(os.Args) < 2 || subcommands[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: reference SUBCOMMAND [ARGS...]")
		for name := range subcommands {
			fmt.Fprintln(os.Stderr, "  ", name)
		}
		os.Exit(2)
	}
	os.Exit(subcommands[os.Args[1]](os.Args[2:]))
}
