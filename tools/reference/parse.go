// The `parse` subcommand: parses files with the reference implementation and prints, for each file,
// one line of JSON in exactly the shape of hclschema's syntax dump (src/syntax/dump.hpp), so golden
// tests can compare whole trees.
//
// Usage: reference parse [--deep] [--golden] FILE...
//
// --golden writes the compact form stored in tests/golden/parse (see parseCompactRanges).
//
// Names ending in ".json" use HCL's JSON syntax (body dumped through JustAttributes), anything else
// the native syntax (hclsyntax.ParseConfig). Filenames are used exactly as given. Output objects are
// serialized canonically (parseCanonical below): sorted keys, no spaces, nlohmann::json's string escaping,
// so `nlohmann::json::dump()` of the same tree yields the same bytes.
package main

import (
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
)

func init() {
	register("parse", runParse)
}

func runParse(args []string) int {
	deep, golden := false, false
	var files []string
	for _, a := range args {
		switch {
		case a == "--deep":
			deep = true
		case a == "--golden":
			golden = true
		case strings.HasPrefix(a, "--"):
			fmt.Fprintf(os.Stderr, "parse: unknown option %s\n", a)
			return 2
		default:
			files = append(files, a)
		}
	}
	if len(files) == 0 {
		fmt.Fprintln(os.Stderr, "usage: reference parse [--deep] [--golden] FILE...")
		return 2
	}
	out := os.Stdout
	status := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(os.Stderr, "parse: %v\n", err)
			status = 2
			continue
		}
		doc, err := parseDumpFileSafely(name, src, deep)
		if err != nil {
			fmt.Fprintf(os.Stderr, "parse: %s: %v\n", name, err)
			status = 2
			continue
		}
		if golden {
			fmt.Fprintln(out, parseCanonical(parseCompactRanges(doc, name)))
		} else {
			fmt.Fprintln(out, parseCanonical(doc))
		}
	}
	return status
}

// parseDumpFileSafely turns a panic of the reference parser into an error instead of a crash.
func parseDumpFileSafely(name string, src []byte, deep bool) (doc parseObject, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("reference parser panicked: %v", r)
		}
	}()
	return parseDumpFile(name, src, deep), nil
}

func parseDumpFile(name string, src []byte, deep bool) parseObject {
	d := parseDumper{deep: deep}
	var body parseObject
	var diags hcl.Diagnostics
	if strings.HasSuffix(name, ".json") {
		f, parseDiags := hcljson.Parse(src, name)
		diags = parseDiags
		// Like hclschema, a JSON file is viewed through JustAttributes; its own diagnostics are
		// not part of the parse result.
		attrs, _ := f.Body.JustAttributes()
		body = d.jsonBody(attrs)
	} else {
		f, parseDiags := hclsyntax.ParseConfig(src, name, hcl.Pos{Line: 1, Column: 1, Byte: 0})
		diags = parseDiags
		body = d.nativeBody(f.Body.(*hclsyntax.Body))
	}
	return parseObject{
		"filename":    name,
		"body":        body,
		"diagnostics": parseDiagnostics(diags),
	}
}

type parseObject = map[string]any

type parseDumper struct{ deep bool }

func parseRange(r hcl.Range) parseObject {
	pos := func(p hcl.Pos) parseObject { return parseObject{"line": p.Line, "column": p.Column, "byte": p.Byte} }
	return parseObject{"filename": r.Filename, "start": pos(r.Start), "end": pos(r.End)}
}

func parseDiagnostics(diags hcl.Diagnostics) []any {
	out := []any{}
	for _, diag := range diags {
		sev := "error"
		if diag.Severity == hcl.DiagWarning {
			sev = "warning"
		}
		o := parseObject{"severity": sev, "summary": diag.Summary, "detail": diag.Detail}
		if diag.Subject != nil {
			o["range"] = parseRange(*diag.Subject)
		}
		out = append(out, o)
	}
	return out
}

func (d parseDumper) nativeBody(body *hclsyntax.Body) parseObject {
	attrs := parseObject{}
	for name, attr := range body.Attributes {
		a := parseObject{"range": parseRange(attr.SrcRange), "expr": d.expr(attr.Expr)}
		if d.deep {
			a["name_range"] = parseRange(attr.NameRange)
		}
		attrs[name] = a
	}
	blocks := []any{}
	for _, blk := range body.Blocks {
		labels := []any{}
		for _, l := range blk.Labels {
			labels = append(labels, l)
		}
		b := parseObject{
			"type":   blk.Type,
			"labels": labels,
			"range":  parseRange(hcl.RangeBetween(blk.TypeRange, blk.CloseBraceRange)),
			"body":   d.nativeBody(blk.Body),
		}
		if d.deep {
			ranges := []any{}
			for _, r := range blk.LabelRanges {
				ranges = append(ranges, parseRange(r))
			}
			b["label_ranges"] = ranges
		}
		blocks = append(blocks, b)
	}
	return parseObject{"attributes": attrs, "blocks": blocks}
}

func (d parseDumper) jsonBody(attrs hcl.Attributes) parseObject {
	out := parseObject{}
	names := make([]string, 0, len(attrs))
	for name := range attrs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		attr := attrs[name]
		a := parseObject{"range": parseRange(attr.Range), "expr": parseJSONExpr(attr.Expr)}
		if d.deep {
			a["name_range"] = parseRange(attr.NameRange)
		}
		out[name] = a
	}
	return parseObject{"attributes": out, "blocks": []any{}}
}

// parseJSONKindNames maps the json package's unexported node types to hclschema's kind names.
var parseJSONKindNames = map[string]string{
	"objectVal":  "JSONObject",
	"arrayVal":   "JSONArray",
	"stringVal":  "JSONString",
	"numberVal":  "JSONNumber",
	"booleanVal": "JSONBool",
	"nullVal":    "JSONNull",
	"invalidVal": "JSONInvalid",
}

// parseJSONExpr dumps a JSON-syntax expression: kind and range only (the json package's nodes are
// unexported, so the kind comes from the type of the expression's `src` field).
func parseJSONExpr(e hcl.Expression) parseObject {
	kind := "JSON?"
	v := reflect.ValueOf(e)
	if v.Kind() == reflect.Ptr && v.Elem().Kind() == reflect.Struct {
		if src := v.Elem().FieldByName("src"); src.IsValid() && !src.IsNil() {
			t := src.Elem().Type()
			if t.Kind() == reflect.Ptr {
				t = t.Elem()
			}
			if k, ok := parseJSONKindNames[t.Name()]; ok {
				kind = k
			} else {
				kind = "JSON?" + t.Name()
			}
		}
	}
	return parseObject{"kind": kind, "range": parseRange(e.Range())}
}

var parseOpSymbols = map[*hclsyntax.Operation]string{
	hclsyntax.OpLogicalOr:          "||",
	hclsyntax.OpLogicalAnd:         "&&",
	hclsyntax.OpLogicalNot:         "!",
	hclsyntax.OpEqual:              "==",
	hclsyntax.OpNotEqual:           "!=",
	hclsyntax.OpGreaterThan:        ">",
	hclsyntax.OpGreaterThanOrEqual: ">=",
	hclsyntax.OpLessThan:           "<",
	hclsyntax.OpLessThanOrEqual:    "<=",
	hclsyntax.OpAdd:                "+",
	hclsyntax.OpSubtract:           "-",
	hclsyntax.OpMultiply:           "*",
	hclsyntax.OpDivide:             "/",
	hclsyntax.OpModulo:             "%",
	hclsyntax.OpNegate:             "-",
}

func parseOpSymbol(op *hclsyntax.Operation) string {
	if s, ok := parseOpSymbols[op]; ok {
		return s
	}
	return "?"
}

func parseValueType(v cty.Value) string {
	switch {
	case !v.IsKnown():
		return "unknown"
	case v.IsNull():
		return "null"
	case v.Type() == cty.Bool:
		return "bool"
	case v.Type() == cty.Number:
		return "number"
	case v.Type() == cty.String:
		return "string"
	}
	return v.Type().FriendlyName()
}

func parseTraversal(t hcl.Traversal) []any {
	out := []any{}
	for _, step := range t {
		var o parseObject
		switch s := step.(type) {
		case hcl.TraverseRoot:
			o = parseObject{"kind": "root", "name": s.Name, "range": parseRange(s.SrcRange)}
		case hcl.TraverseAttr:
			o = parseObject{"kind": "attr", "name": s.Name, "range": parseRange(s.SrcRange)}
		case hcl.TraverseIndex:
			o = parseObject{"kind": "index", "key_type": parseValueType(s.Key), "range": parseRange(s.SrcRange)}
			if s.Key.IsKnown() && !s.Key.IsNull() && s.Key.Type() == cty.String {
				o["key"] = s.Key.AsString()
			}
		case hcl.TraverseSplat:
			o = parseObject{"kind": "splat", "range": parseRange(s.SrcRange)}
		default:
			o = parseObject{"kind": fmt.Sprintf("%T", step), "range": parseRange(step.SourceRange())}
		}
		out = append(out, o)
	}
	return out
}

// expr dumps a native expression. The children are listed explicitly per node type, in the
// order of hclschema's Expr::for_each_child (hclsyntax.Walk hides some and adds others).
func (d parseDumper) expr(e hclsyntax.Expression) parseObject {
	if e == nil {
		return parseObject{"kind": "nil"}
	}
	kind := reflect.TypeOf(e).String()
	kind = kind[strings.LastIndex(kind, ".")+1:]
	o := parseObject{"kind": kind, "range": parseRange(e.Range())}
	if !d.deep {
		return o
	}
	var children []hclsyntax.Expression
	switch n := e.(type) {
	case *hclsyntax.LiteralValueExpr:
		vt := parseValueType(n.Val)
		o["value_type"] = vt
		switch vt {
		case "string":
			o["value"] = n.Val.AsString()
		case "bool":
			o["value"] = n.Val.True()
		}
	case *hclsyntax.ScopeTraversalExpr:
		o["traversal"] = parseTraversal(n.Traversal)
	case *hclsyntax.RelativeTraversalExpr:
		o["traversal"] = parseTraversal(n.Traversal)
		children = []hclsyntax.Expression{n.Source}
	case *hclsyntax.FunctionCallExpr:
		o["name"] = n.Name
		o["expand_final"] = n.ExpandFinal
		children = n.Args
	case *hclsyntax.ConditionalExpr:
		children = []hclsyntax.Expression{n.Condition, n.TrueResult, n.FalseResult}
	case *hclsyntax.IndexExpr:
		children = []hclsyntax.Expression{n.Collection, n.Key}
	case *hclsyntax.TupleConsExpr:
		children = n.Exprs
	case *hclsyntax.ObjectConsExpr:
		for _, item := range n.Items {
			children = append(children, item.KeyExpr, item.ValueExpr)
		}
	case *hclsyntax.ObjectConsKeyExpr:
		o["force_non_literal"] = n.ForceNonLiteral
		children = []hclsyntax.Expression{n.Wrapped}
	case *hclsyntax.ForExpr:
		o["key_var"] = n.KeyVar
		o["val_var"] = n.ValVar
		o["group"] = n.Group
		children = []hclsyntax.Expression{n.CollExpr}
		if n.KeyExpr != nil {
			children = append(children, n.KeyExpr)
		}
		children = append(children, n.ValExpr)
		if n.CondExpr != nil {
			children = append(children, n.CondExpr)
		}
	case *hclsyntax.SplatExpr:
		children = []hclsyntax.Expression{n.Source, n.Each}
	case *hclsyntax.AnonSymbolExpr:
	case *hclsyntax.BinaryOpExpr:
		o["op"] = parseOpSymbol(n.Op)
		children = []hclsyntax.Expression{n.LHS, n.RHS}
	case *hclsyntax.UnaryOpExpr:
		o["op"] = parseOpSymbol(n.Op)
		children = []hclsyntax.Expression{n.Val}
	case *hclsyntax.TemplateExpr:
		children = n.Parts
	case *hclsyntax.TemplateJoinExpr:
		children = []hclsyntax.Expression{n.Tuple}
	case *hclsyntax.TemplateWrapExpr:
		children = []hclsyntax.Expression{n.Wrapped}
	case *hclsyntax.ParenthesesExpr:
		children = []hclsyntax.Expression{n.Expression}
	default:
		o["kind"] = "unknown:" + kind
	}
	if len(children) > 0 {
		list := make([]any, 0, len(children))
		for _, c := range children {
			list = append(list, d.expr(c))
		}
		o["children"] = list
	}
	return o
}

// parseCanonical serializes a dump the way nlohmann::json::dump() does: object keys sorted
// (bytewise), no whitespace, strings escaped with \" \\ \b \f \n \r \t and \u00xx (lowercase) for
// other control characters, everything else verbatim. Invalid UTF-8 is replaced byte by byte with
// U+FFFD first, exactly as hclschema's dump does, so both sides hash and compare the same text.
func parseCanonical(v any) string {
	var b strings.Builder
	parseWriteCanonical(&b, v)
	return b.String()
}

func parseWriteCanonical(b *strings.Builder, v any) {
	switch t := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if t {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case int:
		fmt.Fprintf(b, "%d", t)
	case string:
		parseWriteString(b, t)
	case []any:
		b.WriteByte('[')
		for i, e := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			parseWriteCanonical(b, e)
		}
		b.WriteByte(']')
	case parseObject:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		// nlohmann sorts keys as they are stored (already sanitized), bytewise.
		sanitized := make(map[string]string, len(keys))
		for _, k := range keys {
			sanitized[k] = parseValidUTF8(k)
		}
		sort.Slice(keys, func(i, j int) bool { return sanitized[keys[i]] < sanitized[keys[j]] })
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			parseWriteString(b, k)
			b.WriteByte(':')
			parseWriteCanonical(b, t[k])
		}
		b.WriteByte('}')
	default:
		panic(fmt.Sprintf("parseCanonical: unexpected %T", v))
	}
}

// parseValidUTF8 replaces each byte that does not start a valid UTF-8 sequence with U+FFFD.
func parseValidUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func parseWriteString(b *strings.Builder, s string) {
	s = parseValidUTF8(s)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if c < 0x20 {
				fmt.Fprintf(b, `\u%04x`, c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
}

// parseCompactRanges rewrites every range object {"filename","start","end"} into the array
// [start line, start column, start byte, end line, end column, end byte], plus the filename as a
// seventh element only when it is not the dumped file's own name. Golden files are stored this way
// (about a third of the size); the C++ golden test applies the same rewrite to hclschema's dump.
func parseCompactRanges(v any, filename string) any {
	switch t := v.(type) {
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = parseCompactRanges(e, filename)
		}
		return out
	case parseObject:
		if len(t) == 3 {
			start, okStart := t["start"].(parseObject)
			end, okEnd := t["end"].(parseObject)
			name, okName := t["filename"].(string)
			if okStart && okEnd && okName {
				r := []any{start["line"], start["column"], start["byte"], end["line"], end["column"], end["byte"]}
				if name != filename {
					r = append(r, name)
				}
				return r
			}
		}
		out := make(parseObject, len(t))
		for k, e := range t {
			out[k] = parseCompactRanges(e, filename)
		}
		return out
	}
	return v
}
