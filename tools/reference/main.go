// Command reference runs HashiCorp's Go implementation of HCL and cty (from Debian's packages) on
// the same inputs as hclschema and prints JSON in hclschema's own shapes, to make golden files.
// It is a test tool of this project: built offline by build.sh, never linked into hclschema.
//
// Usage: reference SUBCOMMAND [ARGS...]; each subcommand lives in its own file.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
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

// answerCases reads one JSON case a line from standard input and prints one JSON answer a line:
// run's, or {"error": ...} for a line that does not decode as a C.
func answerCases[C any](run func(C) map[string]interface{}) int {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for in.Scan() {
		var c C
		var out map[string]interface{}
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			out = map[string]interface{}{"error": err.Error()}
		} else {
			out = run(c)
		}
		b, _ := json.Marshal(out)
		w.Write(b)
		w.WriteString("\n")
	}
	return 0
}

// answerFiles reads native-syntax file names from standard input, one a line, and prints one JSON
// line per file: {"file": NAME} with "error" (unreadable) or "parse_error", or what fill adds for a
// file that parses. fill returns false to print nothing for that file.
func answerFiles(fill func(f *hcl.File, out map[string]interface{}) bool) int {
	in := bufio.NewScanner(os.Stdin)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for in.Scan() {
		name := in.Text()
		out := map[string]interface{}{"file": name}
		src, err := os.ReadFile(name)
		if err != nil {
			out["error"] = err.Error()
		} else if f, diags := hclsyntax.ParseConfig(src, name, hcl.Pos{Line: 1, Column: 1}); diags.HasErrors() {
			out["parse_error"] = true
		} else if !fill(f, out) {
			continue
		}
		b, _ := json.Marshal(out)
		w.Write(b)
		w.WriteString("\n")
	}
	return 0
}
