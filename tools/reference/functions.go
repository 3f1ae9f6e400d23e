// The `functions` subcommand: evaluates HCL native-syntax expressions that call the standard
// function library, with go-cty's stdlib functions (and HCL's tryfunc) registered under the names
// hclschema's library uses, and prints one JSON line per case in the same shape as `eval`:
// diagnostics, value (cty JSON), type, knownness, nullness and sensitivity.
// tests/golden/functions compares hclschema's add_standard_functions() against it.
//
// Usage: reference functions VARS.json < CASES.jsonl > EXPECTED.jsonl
//
// VARS = [{"name":N,"type":T,"value":V,"sensitive":bool,"unknown":bool}, ...] (as for `eval`)
// CASE = {"expr":"TEXT", "alias":{"NAME":"REFNAME", ...}}
// "alias" (optional) binds NAME to another reference function for this case only, for the
// functions Terraform (and so hclschema) builds from several cty ones: `length` is cty's strlen on
// strings and cty's length on collections; `replace` is cty's regexreplace when the substring is
// written /like this/.
//
// Only functions whose semantics are go-cty's (or tryfunc's) are here; Terraform's own additions
// (base64*, cidr*, sum, one, index, ...) have no reference in this program.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

func init() {
	register("functions", runFunctions)
}

type functionsCase struct {
	Expr  string            `json:"expr"`
	Alias map[string]string `json:"alias"`
}

// referenceFunctions: hclschema's name -> the go-cty function with the same semantics.
func referenceFunctions() map[string]function.Function {
	return map[string]function.Function{
		// numeric
		"abs": stdlib.AbsoluteFunc, "ceil": stdlib.CeilFunc, "floor": stdlib.FloorFunc, "log": stdlib.LogFunc,
		"max": stdlib.MaxFunc, "min": stdlib.MinFunc, "parseint": stdlib.ParseIntFunc, "pow": stdlib.PowFunc,
		"signum": stdlib.SignumFunc,
		// string
		"chomp": stdlib.ChompFunc, "format": stdlib.FormatFunc, "formatlist": stdlib.FormatListFunc,
		"indent": stdlib.IndentFunc, "join": stdlib.JoinFunc, "lower": stdlib.LowerFunc, "regex": stdlib.RegexFunc,
		"regexall": stdlib.RegexAllFunc, "replace": stdlib.ReplaceFunc, "split": stdlib.SplitFunc,
		"strrev": stdlib.ReverseFunc, "substr": stdlib.SubstrFunc, "title": stdlib.TitleFunc, "trim": stdlib.TrimFunc,
		"trimprefix": stdlib.TrimPrefixFunc, "trimspace": stdlib.TrimSpaceFunc, "trimsuffix": stdlib.TrimSuffixFunc,
		"upper": stdlib.UpperFunc,
		// collection
		"chunklist": stdlib.ChunklistFunc, "coalesce": stdlib.CoalesceFunc, "coalescelist": stdlib.CoalesceListFunc,
		"compact": stdlib.CompactFunc, "concat": stdlib.ConcatFunc, "contains": stdlib.ContainsFunc,
		"distinct": stdlib.DistinctFunc, "element": stdlib.ElementFunc, "flatten": stdlib.FlattenFunc,
		"keys": stdlib.KeysFunc, "length": stdlib.LengthFunc, "lookup": stdlib.LookupFunc, "merge": stdlib.MergeFunc,
		"range": stdlib.RangeFunc, "reverse": stdlib.ReverseListFunc, "setintersection": stdlib.SetIntersectionFunc,
		"setproduct": stdlib.SetProductFunc, "setsubtract": stdlib.SetSubtractFunc, "setunion": stdlib.SetUnionFunc,
		"slice": stdlib.SliceFunc, "sort": stdlib.SortFunc, "values": stdlib.ValuesFunc, "zipmap": stdlib.ZipmapFunc,
		// encoding
		"csvdecode": stdlib.CSVDecodeFunc, "jsondecode": stdlib.JSONDecodeFunc, "jsonencode": stdlib.JSONEncodeFunc,
		// conversion
		"tobool": stdlib.MakeToFunc(cty.Bool), "tonumber": stdlib.MakeToFunc(cty.Number),
		"tostring": stdlib.MakeToFunc(cty.String), "tolist": stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"toset": stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)), "tomap": stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
		"try": tryfunc.TryFunc, "can": tryfunc.CanFunc,
		// only through "alias"
		"strlen": stdlib.StrlenFunc, "regexreplace": slashedRegexReplaceFunc,
	}
}

// slashedRegexReplaceFunc is cty's regexreplace with the pattern written between slashes, as
// Terraform's replace() takes it.
var slashedRegexReplaceFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "str", Type: cty.String},
		{Name: "substr", Type: cty.String},
		{Name: "replace", Type: cty.String},
	},
	Type: function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		pattern := args[1].AsString()
		if len(pattern) > 1 && pattern[0] == '/' && pattern[len(pattern)-1] == '/' {
			pattern = pattern[1 : len(pattern)-1]
		}
		return stdlib.RegexReplace(args[0], cty.StringVal(pattern), args[2])
	},
})

// stripStack drops the goroutine stack cty appends to "panic in function implementation" errors
// (it names source paths and addresses), keeping the message and HCL's closing period.
func stripStack(detail string) string {
	if i := strings.Index(detail, "\ngoroutine "); i >= 0 {
		return detail[:i] + "."
	}
	return detail
}

func functionsVars(vars []evalVar) (map[string]cty.Value, error) {
	out := map[string]cty.Value{}
	for _, v := range vars {
		var t cty.Type
		if err := json.Unmarshal(v.Type, &t); err != nil {
			return nil, err
		}
		var val cty.Value
		if v.Unknown {
			val = cty.UnknownVal(t)
		} else {
			var err error
			if val, err = ctyjson.Unmarshal(v.Value, t); err != nil {
				return nil, err
			}
		}
		if v.Sensitive {
			val = val.Mark("sensitive")
		}
		out[v.Name] = val
	}
	return out, nil
}

func runFunctionsCase(c functionsCase, vars map[string]cty.Value) (out map[string]interface{}) {
	out = map[string]interface{}{}
	defer func() {
		if r := recover(); r != nil {
			out = map[string]interface{}{"panic": fmt.Sprint(r)}
		}
	}()
	funcs := referenceFunctions()
	for name, target := range c.Alias {
		f, ok := funcs[target]
		if !ok {
			out["error"] = "no reference function " + target
			return out
		}
		funcs[name] = f
	}
	delete(funcs, "strlen")
	delete(funcs, "regexreplace")
	ctx := &hcl.EvalContext{Variables: vars, Functions: funcs}
	expr, diags := hclsyntax.ParseExpression([]byte(c.Expr), "expr.hcl", hcl.Pos{Line: 1, Column: 1, Byte: 0})
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
			"detail":   stripStack(d.Detail),
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

func runFunctions(args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: reference functions VARS.json < CASES.jsonl")
		return 2
	}
	var raw []evalVar
	data, err := os.ReadFile(args[0])
	if err == nil {
		err = json.Unmarshal(data, &raw)
	}
	var vars map[string]cty.Value
	if err == nil {
		vars, err = functionsVars(raw)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	return answerCases(func(c functionsCase) map[string]interface{} { return runFunctionsCase(c, vars) })
}
