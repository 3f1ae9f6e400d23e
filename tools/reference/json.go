// The `json-body` subcommand: parses one file with HCL's JSON syntax and prints what its body
// gives for a schema (Content or PartialContent, recursively into blocks) or, without a schema,
// for JustAttributes. The JSON it prints is what tests/golden/json compares hclschema against.
//
// Usage: reference json-body [--schema SCHEMA.json] FILE
//
// SCHEMA = {"mode": "content"|"partial", "attributes": [{"name", "required"}],
//           "blocks": [{"type", "labels": [...], "body": SCHEMA}]}
// OUTPUT = {"parse_diagnostics": [DIAG], "result": RESULT}
// RESULT = {"diagnostics": [DIAG], "attributes": [ATTR], "blocks": [BLOCK], "missing_item_range": R,
//           "remain": {"diagnostics", "attributes"} (partial mode only)}
//          or, for JustAttributes, {"diagnostics": [DIAG], "attributes": [ATTR]}
// ATTR   = {"name", "range", "name_range", "expr": {"kind", "range", "start_range"}}, in source order
// BLOCK  = {"type", "labels", "def_range", "type_range", "label_ranges", "body": RESULT}
// DIAG   = {"severity", "summary", "detail", "subject"?: R, "context"?: R}
// R      = {"filename", "start": {"line", "column", "byte"}, "end": {...}}
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"sort"

	"github.com/hashicorp/hcl/v2"
	hcljson "github.com/hashicorp/hcl/v2/json"
)

func init() {
	register("json-body", runJSONBody)
}

type jbSchema struct {
	Mode       string `json:"mode"`
	Attributes []struct {
		Name     string `json:"name"`
		Required bool   `json:"required"`
	} `json:"attributes"`
	Blocks []struct {
		Type   string    `json:"type"`
		Labels []string  `json:"labels"`
		Body   *jbSchema `json:"body"`
	} `json:"blocks"`
}

func (s *jbSchema) hcl() *hcl.BodySchema {
	out := &hcl.BodySchema{}
	if s == nil {
		return out
	}
	for _, a := range s.Attributes {
		out.Attributes = append(out.Attributes, hcl.AttributeSchema{Name: a.Name, Required: a.Required})
	}
	for _, b := range s.Blocks {
		out.Blocks = append(out.Blocks, hcl.BlockHeaderSchema{Type: b.Type, LabelNames: b.Labels})
	}
	return out
}

func (s *jbSchema) blockBody(typ string) *jbSchema {
	if s != nil {
		for _, b := range s.Blocks {
			if b.Type == typ {
				return b.Body
			}
		}
	}
	return nil
}

type jbObject = map[string]any

func jbRange(r hcl.Range) jbObject {
	pos := func(p hcl.Pos) jbObject { return jbObject{"line": p.Line, "column": p.Column, "byte": p.Byte} }
	return jbObject{"filename": r.Filename, "start": pos(r.Start), "end": pos(r.End)}
}

func jbDiagnostics(diags hcl.Diagnostics) []any {
	out := []any{}
	for _, d := range diags {
		sev := "error"
		if d.Severity == hcl.DiagWarning {
			sev = "warning"
		}
		o := jbObject{"severity": sev, "summary": d.Summary, "detail": d.Detail}
		if d.Subject != nil {
			o["subject"] = jbRange(*d.Subject)
		}
		if d.Context != nil {
			o["context"] = jbRange(*d.Context)
		}
		out = append(out, o)
	}
	return out
}

// jbKind names the JSON node behind an expression as hclschema does ("JSONString", ...).
func jbKind(expr hcl.Expression) string {
	v := reflect.ValueOf(expr)
	if v.Kind() == reflect.Ptr {
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct {
		if f := v.FieldByName("src"); f.IsValid() {
			t := f.Elem().Type()
			if t.Kind() == reflect.Ptr {
				t = t.Elem()
			}
			switch t.Name() {
			case "objectVal":
				return "JSONObject"
			case "arrayVal":
				return "JSONArray"
			case "stringVal":
				return "JSONString"
			case "numberVal":
				return "JSONNumber"
			case "booleanVal":
				return "JSONBool"
			case "nullVal":
				return "JSONNull"
			case "invalidVal":
				return "JSONInvalid"
			}
		}
	}
	return fmt.Sprintf("%T", expr)
}

func jbAttributes(attrs hcl.Attributes) []any {
	list := make([]*hcl.Attribute, 0, len(attrs))
	for _, a := range attrs {
		list = append(list, a)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].NameRange.Start.Byte < list[j].NameRange.Start.Byte })
	out := []any{}
	for _, a := range list {
		out = append(out, jbObject{
			"name":       a.Name,
			"range":      jbRange(a.Range),
			"name_range": jbRange(a.NameRange),
			"expr": jbObject{
				"kind":        jbKind(a.Expr),
				"range":       jbRange(a.Expr.Range()),
				"start_range": jbRange(a.Expr.StartRange()),
			},
		})
	}
	return out
}

func jbJustAttributes(body hcl.Body) jbObject {
	attrs, diags := body.JustAttributes()
	return jbObject{"diagnostics": jbDiagnostics(diags), "attributes": jbAttributes(attrs)}
}

func jbContent(body hcl.Body, schema *jbSchema) jbObject {
	var content *hcl.BodyContent
	var diags hcl.Diagnostics
	var remain hcl.Body
	partial := schema != nil && schema.Mode == "partial"
	if partial {
		content, remain, diags = body.PartialContent(schema.hcl())
	} else {
		content, diags = body.Content(schema.hcl())
	}
	blocks := []any{}
	for _, b := range content.Blocks {
		labels := []any{}
		for _, l := range b.Labels {
			labels = append(labels, l)
		}
		labelRanges := []any{}
		for _, r := range b.LabelRanges {
			labelRanges = append(labelRanges, jbRange(r))
		}
		blocks = append(blocks, jbObject{
			"type":         b.Type,
			"labels":       labels,
			"def_range":    jbRange(b.DefRange),
			"type_range":   jbRange(b.TypeRange),
			"label_ranges": labelRanges,
			"body":         jbContent(b.Body, schema.blockBody(b.Type)),
		})
	}
	out := jbObject{
		"diagnostics":        jbDiagnostics(diags),
		"attributes":         jbAttributes(content.Attributes),
		"blocks":             blocks,
		"missing_item_range": jbRange(content.MissingItemRange),
	}
	if partial {
		out["remain"] = jbJustAttributes(remain)
	}
	return out
}

func runJSONBody(args []string) int {
	var schemaPath, file string
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "--schema" && i+1 < len(args):
			schemaPath = args[i+1]
			i++
		case file == "":
			file = args[i]
		default:
			fmt.Fprintln(os.Stderr, "usage: reference json-body [--schema SCHEMA.json] FILE")
			return 2
		}
	}
	if file == "" {
		fmt.Fprintln(os.Stderr, "usage: reference json-body [--schema SCHEMA.json] FILE")
		return 2
	}
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(os.Stderr, "json-body: %v\n", err)
		return 2
	}
	f, parseDiags := hcljson.Parse(src, file)
	var result jbObject
	if schemaPath == "" {
		result = jbJustAttributes(f.Body)
	} else {
		raw, err := os.ReadFile(schemaPath)
		if err != nil {
			fmt.Fprintf(os.Stderr, "json-body: %v\n", err)
			return 2
		}
		var schema jbSchema
		if err := json.Unmarshal(raw, &schema); err != nil {
			fmt.Fprintf(os.Stderr, "json-body: %s: %v\n", schemaPath, err)
			return 2
		}
		result = jbContent(f.Body, &schema)
	}
	out, err := json.MarshalIndent(jbObject{"parse_diagnostics": jbDiagnostics(parseDiags), "result": result}, "", " ")
	if err != nil {
		fmt.Fprintf(os.Stderr, "json-body: %v\n", err)
		return 2
	}
	fmt.Println(string(out))
	return 0
}
