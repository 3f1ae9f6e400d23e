// The `eval` subcommand: evaluates HCL native-syntax expressions with hclsyntax and prints one
// JSON line per case: the value (cty JSON) and type (cty JSON type), knownness and sensitivity,
// and the diagnostics (summary, detail, subject range). tests/golden/eval compares hclschema's
// evaluator against it.
//
// Usage: reference eval VARS.json < CASES.jsonl > EXPECTED.jsonl
//
// VARS = [{"name":N,"type":T,"value":V,"sensitive":bool,"unknown":bool}, ...]; an entry with
// "attrs":{"NAME":ENTRY,...} in place of type and value is a known object of those attributes,
// each itself such an entry (unknown, sensitive, or an object again), which cty JSON cannot write.
// CASE = {"expr":"TEXT", "ctx":"vars"|"empty"|"nil", "syntax":"native"|"json"}
// "vars" (the default) gives the variables plus the test functions upper(str), min(numbers...),
// and HCL's try and can;
// "empty" an EvalContext with no variables or functions; "nil" no context at all.
//
// Usage: reference eval --files < FILE_LIST > EXPECTED.jsonl
//
// Parses each native-syntax file named on stdin and evaluates every attribute of every body
// (blocks nested at any depth) without a context, printing one line per file:
// {"file":F, "attrs":[[LINE, COLUMN, TYPE, VALUE_OR_NULL] | [LINE, COLUMN, "error", SUMMARY]]}
// where LINE/COLUMN are the attribute name's start and SUMMARY the first diagnostic's.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

func init() {
	register("eval", runEval)
}

type evalVar struct {
	Name      string             `json:"name"`
	Type      json.RawMessage    `json:"type"`
	Value     json.RawMessage    `json:"value"`
	Sensitive bool               `json:"sensitive"`
	Unknown   bool               `json:"unknown"`
	Attrs     map[string]evalVar `json:"attrs"`
}

// varValue builds the value of one VARS entry.
func varValue(v evalVar) (cty.Value, error) {
	var val cty.Value
	if v.Attrs != nil {
		attrs := map[string]cty.Value{}
		for name, a := range v.Attrs {
			av, err := varValue(a)
			if err != nil {
				return cty.NilVal, err
			}
			attrs[name] = av
		}
		val = cty.ObjectVal(attrs)
	} else {
		var t cty.Type
		if err := json.Unmarshal(v.Type, &t); err != nil {
			return cty.NilVal, err
		}
		if v.Unknown {
			val = cty.UnknownVal(t)
		} else {
			var err error
			if val, err = ctyjson.Unmarshal(v.Value, t); err != nil {
				return cty.NilVal, err
			}
		}
	}
	if v.Sensitive {
		val = val.Mark("sensitive")
	}
	return val, nil
}

type evalCase struct {
	Expr   string `json:"expr"`
	Ctx    string `json:"ctx"`
	Syntax string `json:"syntax"`
}

func posJSON(p hcl.Pos) map[string]int {
	return map[string]int{"line": p.Line, "column": p.Column, "byte": p.Byte}
}

func rangeJSON(r *hcl.Range) interface{} {
	if r == nil {
		return nil
	}
	return map[string]interface{}{"start": posJSON(r.Start), "end": posJSON(r.End)}
}

func runEvalCase(c evalCase, vars []evalVar) (out map[string]interface{}) {
	out = map[string]interface{}{}
	defer func() {
		if r := recover(); r != nil {
			out["panic"] = fmt.Sprint(r)
		}
	}()
	var ctx *hcl.EvalContext
	switch c.Ctx {
	case "nil":
	case "empty":
		ctx = &hcl.EvalContext{}
	default:
		ctx = &hcl.EvalContext{
			Variables: map[string]cty.Value{},
			Functions: map[string]function.Function{"upper": stdlib.UpperFunc, "min": stdlib.MinFunc, "try": tryfunc.TryFunc, "can": tryfunc.CanFunc},
		}
		for _, v := range vars {
			val, err := varValue(v)
			if err != nil {
				out["error"] = err.Error()
				return out
			}
			ctx.Variables[v.Name] = val
		}
	}
	var expr hcl.Expression
	var diags hcl.Diagnostics
	if c.Syntax == "json" {
		expr, diags = hcljson.ParseExpression([]byte(c.Expr), "expr.json")
	} else {
		expr, diags = hclsyntax.ParseExpression([]byte(c.Expr), "expr.hcl", hcl.Pos{Line: 1, Column: 1, Byte: 0})
	}
	if diags.HasErrors() {
		out["parse_error"] = true
		return out
	}
	val, diags := expr.Value(ctx)
	ds := []interface{}{}
	for _, d := range diags {
		ds = append(ds, map[string]interface{}{
			"severity": map[bool]string{true: "error", false: "warning"}[d.Severity == hcl.DiagError],
			"summary":  d.Summary,
			"detail":   d.Detail,
			"subject":  rangeJSON(d.Subject),
		})
	}
	out["diagnostics"] = ds
	out["type"] = string(typeJSON(val.Type()))
	out["known"] = val.IsKnown()
	out["null"] = val.IsNull()
	out["sensitive"] = val.HasMark("sensitive")
	out["contains_sensitive"] = val.ContainsMarked()
	unmarked, _ := val.UnmarkDeep()
	out["wholly_known"] = unmarked.IsWhollyKnown()
	if unmarked.IsWhollyKnown() {
		if b, err := ctyjson.Marshal(unmarked, unmarked.Type()); err == nil {
			out["value"] = string(b)
		}
	}
	return out
}

// evalBody appends the results of evaluating every attribute of body, in source order of
// attributes then blocks (as the C++ test walks them).
func evalBody(body *hclsyntax.Body, out *[]interface{}) {
	attrs := make([]*hclsyntax.Attribute, 0, len(body.Attributes))
	for _, a := range body.Attributes {
		attrs = append(attrs, a)
	}
	sortAttrs(attrs)
	for _, a := range attrs {
		entry := func() (e []interface{}) {
			defer func() {
				if r := recover(); r != nil {
					e = []interface{}{a.NameRange.Start.Line, a.NameRange.Start.Column, "panic", fmt.Sprint(r)}
				}
			}()
			val, diags := a.Expr.Value(nil)
			if len(diags) > 0 {
				return []interface{}{a.NameRange.Start.Line, a.NameRange.Start.Column, "error", diags[0].Summary}
			}
			var v interface{}
			unmarked, _ := val.UnmarkDeep()
			if unmarked.IsWhollyKnown() {
				if b, err := ctyjson.Marshal(unmarked, unmarked.Type()); err == nil {
					v = string(b)
				}
			}
			return []interface{}{a.NameRange.Start.Line, a.NameRange.Start.Column, string(typeJSON(val.Type())), v}
		}()
		*out = append(*out, entry)
	}
	for _, b := range body.Blocks {
		evalBody(b.Body, out)
	}
}

func sortAttrs(attrs []*hclsyntax.Attribute) {
	for i := 1; i < len(attrs); i++ {
		for j := i; j > 0 && attrs[j].SrcRange.Start.Byte < attrs[j-1].SrcRange.Start.Byte; j-- {
			attrs[j], attrs[j-1] = attrs[j-1], attrs[j]
		}
	}
}

func runEvalFiles() int {
	return answerFiles(func(f *hcl.File, out map[string]interface{}) bool {
		attrs := []interface{}{}
		evalBody(f.Body.(*hclsyntax.Body), &attrs)
		out["attrs"] = attrs
		return true
	})
}

func runEval(args []string) int {
	if len(args) == 1 && args[0] == "--files" {
		return runEvalFiles()
	}
	var vars []evalVar
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: reference eval VARS.json < CASES.jsonl")
		return 2
	}
	raw, err := os.ReadFile(args[0])
	if err == nil {
		err = json.Unmarshal(raw, &vars)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	return answerCases(func(c evalCase) map[string]interface{} { return runEvalCase(c, vars) })
}
