// The `typeexpr` subcommand: reads type constraint expressions with HCL's ext/typeexpr
// (TypeConstraintWithDefaults, TypeConstraint or Type), and optionally applies the defaults to a
// value and converts it with cty's convert.Convert, printing one JSON line per case.
// tests/golden/typeexpr compares hclschema's type constraints against it.
//
// Usage: reference typeexpr < CASES.jsonl > EXPECTED.jsonl
//
// CASE = {"type":"TYPE_EXPR", "value":"VALUE_EXPR" (optional), "syntax":"native"|"json",
//         "mode":"defaults"|"constraint"|"exact"}
// The type expression is parsed as "type.hcl" (native) or "type.json" (JSON). The value
// expression is always native syntax ("value.hcl"), evaluated with no variables and only the
// functions tolist, toset and tomap (so cases can give collection-typed inputs).
//
// OUT = {"type":T, "string":S, "diagnostics":[...], "defaults":D|null,
//        "value_error":SUMMARY                        when the value does not evaluate, else
//        "applied":{"type":T,"value":V}, then
//        "converted":{"type":T,"value":V} | "error":MSG, "path":PATH,
//        "error_variants":[[MSG,PATH]...] when cty's error depends on Go's map order}
// and "diagnostics_variants":[DIAGNOSTICS...] when a default's conversion error does.
// T is cty's JSON type encoding (with optional attribute lists), V cty's JSON value encoding as a
// string ("unknown" when not wholly known), D = {"type":T, "values":{NAME:[T,V]}, "children":{KEY:D}}.
// The value is only processed when the type has no errors. A panic of the reference gives
// {"panic":MESSAGE}.
//
// Usage: reference typeexpr --corpus < FILE_LIST > EXPECTED.jsonl
//
// For each native-syntax file named on stdin, every top-level `variable` block with a `type`
// attribute: {"file":F, "variables":[{"name":N,"line":L, ...OUT for its type, with its `default`
// (evaluated without a context) as the value when it has one}]}.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

func init() {
	register("typeexpr", runTypeexpr)
}

type typeexprCase struct {
	Type   string  `json:"type"`
	Value  *string `json:"value"`
	Syntax string  `json:"syntax"`
	Mode   string  `json:"mode"`
}

// valueContext gives value expressions the collection conversion functions and nothing else.
var valueContext = &hcl.EvalContext{
	Functions: map[string]function.Function{
		"tolist": stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"toset":  stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)),
		"tomap":  stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
	},
}

func diagsJSON(diags hcl.Diagnostics) []interface{} {
	ds := []interface{}{}
	for _, d := range diags {
		ds = append(ds, map[string]interface{}{
			"severity": map[bool]string{true: "error", false: "warning"}[d.Severity == hcl.DiagError],
			"summary":  d.Summary,
			"detail":   d.Detail,
			"subject":  rangeJSON(d.Subject),
			"context":  rangeJSON(d.Context),
		})
	}
	return ds
}

// valueText is cty's JSON encoding of v with its own type, or "unknown".
func valueText(v cty.Value) string {
	v, _ = v.UnmarkDeep()
	if !v.IsWhollyKnown() {
		return "unknown"
	}
	b, err := ctyjson.Marshal(v, v.Type())
	if err != nil {
		return "error: " + err.Error()
	}
	return string(b)
}

func typedValue(v cty.Value) map[string]interface{} {
	return map[string]interface{}{"type": typeJSON(v.Type()), "value": valueText(v)}
}

func defaultsJSON(d *typeexpr.Defaults) interface{} {
	if d == nil {
		return nil
	}
	values := map[string]interface{}{}
	for name, v := range d.DefaultValues {
		values[name] = []interface{}{typeJSON(v.Type()), valueText(v)}
	}
	children := map[string]interface{}{}
	for key, c := range d.Children {
		children[key] = defaultsJSON(c)
	}
	return map[string]interface{}{"type": typeJSON(d.Type), "values": values, "children": children}
}

// typeResults fills out with what the type expression gives, and returns the type and defaults
// (ok false when there were errors).
func typeResults(expr hcl.Expression, mode string, out map[string]interface{}) (cty.Type, *typeexpr.Defaults, bool) {
	var ty cty.Type
	var defaults *typeexpr.Defaults
	var diags hcl.Diagnostics
	switch mode {
	case "exact":
		ty, diags = typeexpr.Type(expr)
	case "constraint":
		ty, diags = typeexpr.TypeConstraint(expr)
	default:
		ty, defaults, diags = typeexpr.TypeConstraintWithDefaults(expr)
	}
	out["type"] = typeJSON(ty)
	out["string"] = typeexpr.TypeString(ty)
	out["diagnostics"] = diagsJSON(diags)
	out["defaults"] = defaultsJSON(defaults)
	// A default's conversion error can depend on Go's map order (which bad element of a map is
	// met first): read the type a few more times and list the variants of the diagnostics.
	if len(diags) > 0 && mode != "exact" && mode != "constraint" {
		first, _ := json.Marshal(out["diagnostics"])
		variants := map[string]bool{string(first): true}
		list := []interface{}{out["diagnostics"]}
		for i := 0; i < 16; i++ {
			_, _, again := typeexpr.TypeConstraintWithDefaults(expr)
			d := diagsJSON(again)
			b, _ := json.Marshal(d)
			if !variants[string(b)] {
				variants[string(b)] = true
				list = append(list, d)
			}
		}
		if len(list) > 1 {
			sort.Slice(list, func(i, j int) bool {
				a, _ := json.Marshal(list[i])
				b, _ := json.Marshal(list[j])
				return string(a) < string(b)
			})
			out["diagnostics"] = list[0]
			out["diagnostics_variants"] = list
		}
	}
	return ty, defaults, !diags.HasErrors()
}

// applyAndConvert applies defaults (with apply) to val, converts it to ty and records both
// results in out; a panic is recorded as {"panic":MESSAGE}.
func applyAndConvert(ty cty.Type, apply func(cty.Value) cty.Value, val cty.Value) (out map[string]interface{}) {
	out = map[string]interface{}{}
	defer func() {
		if r := recover(); r != nil {
			out = map[string]interface{}{"panic": fmt.Sprint(r)}
		}
	}()
	applied := apply(val)
	out["applied"] = typedValue(applied)
	// cty walks Go maps in random order, so with several bad attributes or elements the error
	// it reports varies from run to run: collect the variants of a few runs, report the least
	// and list them all.
	seen := map[[2]string]bool{}
	var variants [][2]string
	for i := 0; i < 24; i++ {
		converted, err := convert.Convert(applied, ty)
		if err == nil {
			out["converted"] = typedValue(converted)
			return out
		}
		e := [2]string{err.Error(), ""}
		if pe, ok := err.(cty.PathError); ok {
			e[1] = formatPath(pe.Path)
		}
		if !seen[e] {
			seen[e] = true
			variants = append(variants, e)
		}
	}
	sort.Slice(variants, func(i, j int) bool {
		return variants[i][0] < variants[j][0] || (variants[i][0] == variants[j][0] && variants[i][1] < variants[j][1])
	})
	out["error"] = variants[0][0]
	out["path"] = variants[0][1]
	if len(variants) > 1 {
		alts := []interface{}{}
		for _, v := range variants {
			alts = append(alts, []string{v[0], v[1]})
		}
		out["error_variants"] = alts
	}
	return out
}

// valueResults applies defaults to val and converts it to ty, as HCL 2.14 does. It also runs
// today's Defaults.Apply semantics (applyToday) and, where the two disagree, adds
// "today":{...the same fields...} so that the case generator can see the version difference.
func valueResults(ty cty.Type, defaults *typeexpr.Defaults, val cty.Value, out map[string]interface{}) {
	old := applyAndConvert(ty, func(v cty.Value) cty.Value {
		if defaults == nil {
			return v
		}
		return defaults.Apply(v)
	}, val)
	for k, v := range old {
		out[k] = v
	}
	now := applyAndConvert(ty, func(v cty.Value) cty.Value { return applyToday(defaults, v) }, val)
	a, _ := json.Marshal(old)
	b, _ := json.Marshal(now)
	if string(a) != string(b) {
		out["today"] = now
	}
}

// applyToday fills in defaults with the semantics of today's HCL (after 2.14): recursive rather
// than a pre-order transform, null and unknown values left alone, an attribute's default passed
// through that attribute's own defaults, and collections whose elements no longer share a type
// unified (unsafely) or else turned into tuples and objects. Written for this tool from the
// documented behaviour; a child key of the wrong kind (an object's defaults met by a list, a
// tuple's by an object) counts as no defaults rather than a failure.
func applyToday(d *typeexpr.Defaults, v cty.Value) cty.Value {
	if d == nil || !v.IsKnown() || v.IsNull() || (len(d.DefaultValues) == 0 && len(d.Children) == 0) {
		return v
	}
	v, marks := v.Unmark()
	vt := v.Type()
	child := func(index int, name string, byIndex bool) *typeexpr.Defaults {
		switch {
		case d.Type.IsMapType(), d.Type.IsSetType(), d.Type.IsListType():
			return d.Children[""]
		case d.Type.IsTupleType() && byIndex:
			return d.Children[strconv.Itoa(index)]
		case d.Type.IsObjectType() && !byIndex:
			return d.Children[name]
		}
		return nil
	}
	switch {
	case vt.IsListType(), vt.IsSetType(), vt.IsTupleType():
		var elems []cty.Value
		for i, e := range v.AsValueSlice() {
			if c := child(i, "", true); c != nil {
				e = applyToday(c, e)
			}
			elems = append(elems, e)
		}
		if vt.IsSetType() || vt.IsListType() {
			if len(elems) == 0 {
				if vt.IsSetType() {
					return cty.SetValEmpty(vt.ElementType()).WithMarks(marks)
				}
				return cty.ListValEmpty(vt.ElementType()).WithMarks(marks)
			}
			if unified := unifyValues(elems); unified != nil {
				if vt.IsSetType() {
					return cty.SetVal(unified).WithMarks(marks)
				}
				return cty.ListVal(unified).WithMarks(marks)
			}
		}
		return cty.TupleVal(elems).WithMarks(marks)
	case vt.IsObjectType(), vt.IsMapType():
		attrs := map[string]cty.Value{}
		for k, e := range v.AsValueMap() {
			if c := child(0, k, false); c != nil {
				e = applyToday(c, e)
			}
			attrs[k] = e
		}
		for k, dv := range d.DefaultValues {
			if cur, ok := attrs[k]; ok && !cur.IsNull() {
				continue
			}
			if c := d.Children[k]; c != nil {
				dv = applyToday(c, dv)
			}
			attrs[k] = dv
		}
		if vt.IsMapType() {
			if len(attrs) == 0 {
				return cty.MapValEmpty(vt.ElementType()).WithMarks(marks)
			}
			keys := make([]string, 0, len(attrs))
			for k := range attrs {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			vals := make([]cty.Value, len(keys))
			for i, k := range keys {
				vals[i] = attrs[k]
			}
			if unified := unifyValues(vals); unified != nil {
				m := map[string]cty.Value{}
				for i, k := range keys {
					m[k] = unified[i]
				}
				return cty.MapVal(m).WithMarks(marks)
			}
		}
		return cty.ObjectVal(attrs).WithMarks(marks)
	}
	return v.WithMarks(marks)
}

// unifyValues converts values to their unsafe unified type, or returns nil when there is none.
func unifyValues(values []cty.Value) []cty.Value {
	types := make([]cty.Type, len(values))
	for i, v := range values {
		types[i] = v.Type()
	}
	ty, conversions := convert.UnifyUnsafe(types)
	if ty == cty.NilType {
		return nil
	}
	out := make([]cty.Value, len(values))
	for i, v := range values {
		if conversions[i] == nil {
			out[i] = v
			continue
		}
		c, err := conversions[i](v)
		if err != nil {
			return nil
		}
		out[i] = c
	}
	return out
}

func runTypeexprCase(c typeexprCase) (out map[string]interface{}) {
	out = map[string]interface{}{}
	defer func() {
		if r := recover(); r != nil {
			out = map[string]interface{}{"panic": fmt.Sprint(r)}
		}
	}()
	var expr hcl.Expression
	var diags hcl.Diagnostics
	if c.Syntax == "json" {
		expr, diags = hcljson.ParseExpression([]byte(c.Type), "type.json")
	} else {
		expr, diags = hclsyntax.ParseExpression([]byte(c.Type), "type.hcl", hcl.Pos{Line: 1, Column: 1, Byte: 0})
	}
	if diags.HasErrors() {
		return map[string]interface{}{"parse_error": true}
	}
	ty, defaults, ok := typeResults(expr, c.Mode, out)
	if !ok || c.Value == nil {
		return out
	}
	vexpr, diags := hclsyntax.ParseExpression([]byte(*c.Value), "value.hcl", hcl.Pos{Line: 1, Column: 1, Byte: 0})
	if diags.HasErrors() {
		out["value_error"] = diags[0].Summary
		return out
	}
	val, diags := vexpr.Value(valueContext)
	if diags.HasErrors() {
		out["value_error"] = diags[0].Summary
		return out
	}
	valueResults(ty, defaults, val, out)
	return out
}

func corpusVariable(block *hclsyntax.Block) (out map[string]interface{}) {
	out = map[string]interface{}{"name": block.Labels[0], "line": block.TypeRange.Start.Line}
	defer func() {
		if r := recover(); r != nil {
			out = map[string]interface{}{"name": block.Labels[0], "line": block.TypeRange.Start.Line, "panic": fmt.Sprint(r)}
		}
	}()
	ty, defaults, ok := typeResults(block.Body.Attributes["type"].Expr, "defaults", out)
	def, has := block.Body.Attributes["default"]
	if !ok || !has {
		return out
	}
	val, diags := def.Expr.Value(nil)
	if diags.HasErrors() {
		out["value_error"] = diags[0].Summary
		return out
	}
	valueResults(ty, defaults, val, out)
	return out
}

func runTypeexprCorpus() int {
	return answerFiles(func(f *hcl.File, out map[string]interface{}) bool {
		vars := []interface{}{}
		for _, b := range f.Body.(*hclsyntax.Body).Blocks {
			if b.Type != "variable" || len(b.Labels) != 1 || b.Body.Attributes["type"] == nil {
				continue
			}
			vars = append(vars, corpusVariable(b))
		}
		out["variables"] = vars
		return len(vars) > 0
	})
}

func runTypeexpr(args []string) int {
	if len(args) == 1 && args[0] == "--corpus" {
		return runTypeexprCorpus()
	}
	if len(args) != 0 {
		fmt.Fprintln(os.Stderr, "usage: reference typeexpr [--corpus] < INPUT")
		return 2
	}
	return answerCases(runTypeexprCase)
}
