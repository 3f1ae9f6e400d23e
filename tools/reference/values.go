// The `values` subcommand: runs go-cty's value model on JSON-lines cases read from stdin and prints
// one JSON line of results per case, in hclschema's own shapes. tests/golden/values compares
// hclschema's value layer (types, numbers, conversion, unification, JSON encoding) against it.
//
// Usage: reference values < CASES.jsonl > EXPECTED.jsonl
//
// CASE = {"op":"convert","type":T,"value":V,"to":T}     decode V as T, then convert (unsafe) and
//                                                        report whether a safe conversion exists
//      | {"op":"number","a":"TEXT","b":"TEXT"}            parse both, format, arithmetic, compare
//      | {"op":"unify","types":[T...]}                    convert.Unify and convert.UnifyUnsafe
//      | {"op":"type","type":T}                           friendly names, JSON round trip
//      | {"op":"string","s":"TEXT"}                       NFC normalisation and grapheme length
// T is cty's JSON type encoding, V cty's JSON value encoding.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

func init() {
	register("values", runValues)
}

type valuesCase struct {
	Op    string            `json:"op"`
	Type  json.RawMessage   `json:"type"`
	Value json.RawMessage   `json:"value"`
	To    json.RawMessage   `json:"to"`
	Types []json.RawMessage `json:"types"`
	A     string            `json:"a"`
	B     string            `json:"b"`
	S     string            `json:"s"`
}

// formatPath renders a cty.Path the way hclschema's conversion errors report it.
func formatPath(p cty.Path) string {
	var b strings.Builder
	for _, step := range p {
		switch s := step.(type) {
		case cty.GetAttrStep:
			b.WriteString("." + s.Name)
		case cty.IndexStep:
			switch s.Key.Type() {
			case cty.Number:
				b.WriteString("[" + s.Key.AsBigFloat().Text('f', -1) + "]")
			case cty.String:
				k, _ := json.Marshal(s.Key.AsString())
				b.WriteString("[" + string(k) + "]")
			default:
				b.WriteString("[?]")
			}
		}
	}
	return b.String()
}

func typeJSON(t cty.Type) json.RawMessage {
	b, err := ctyjson.MarshalType(t)
	if err != nil {
		return json.RawMessage(`null`)
	}
	return b
}

// catchPanic runs f, turning a panic into an error string (big.ErrNaN and friends).
func catchPanic(f func() cty.Value) (v cty.Value, msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
			if e, ok := r.(big.ErrNaN); ok {
				msg = "NaN: " + e.Error()
			}
		}
	}()
	return f(), ""
}

func numText(v cty.Value) string { return v.AsBigFloat().Text('f', -1) }

func runValuesCase(c valuesCase) map[string]interface{} {
	out := map[string]interface{}{}
	switch c.Op {
	case "type":
		var t cty.Type
		if err := json.Unmarshal(c.Type, &t); err != nil {
			out["error"] = err.Error()
			return out
		}
		out["friendly"] = t.FriendlyName()
		out["constraint"] = t.FriendlyNameForConstraint()
		out["json"] = typeJSON(t)
		out["dynamic"] = t.HasDynamicTypes()
	case "string":
		v := cty.StringVal(c.S)
		out["nfc"] = v.AsString()
		if n, err := stdlib.Strlen(v); err == nil {
			out["length"] = numText(n)
		}
	case "unify":
		var types []cty.Type
		for _, raw := range c.Types {
			var t cty.Type
			if err := json.Unmarshal(raw, &t); err != nil {
				out["error"] = err.Error()
				return out
			}
			types = append(types, t)
		}
		if t, _ := convert.Unify(types); t != cty.NilType {
			out["safe"] = typeJSON(t)
		} else {
			out["safe"] = nil
		}
		if t, _ := convert.UnifyUnsafe(types); t != cty.NilType {
			out["unsafe"] = typeJSON(t)
		} else {
			out["unsafe"] = nil
		}
	case "convert":
		var t, to cty.Type
		if err := json.Unmarshal(c.Type, &t); err != nil {
			out["error"] = err.Error()
			return out
		}
		if err := json.Unmarshal(c.To, &to); err != nil {
			out["error"] = err.Error()
			return out
		}
		v, err := ctyjson.Unmarshal(c.Value, t)
		if err != nil {
			out["decode_error"] = err.Error()
			if pe, ok := err.(cty.PathError); ok {
				out["decode_path"] = formatPath(pe.Path)
			}
			return out
		}
		enc, err := ctyjson.Marshal(v, v.Type())
		if err == nil {
			out["decoded"] = json.RawMessage(enc)
		}
		out["safe"] = convert.GetConversion(t, to) != nil
		out["unsafe"] = convert.GetConversionUnsafe(t, to) != nil
		r, err := convert.Convert(v, to)
		if err != nil {
			out["error"] = err.Error()
			if pe, ok := err.(cty.PathError); ok {
				out["path"] = formatPath(pe.Path)
			}
			return out
		}
		out["result_type"] = typeJSON(r.Type())
		if r.IsWhollyKnown() {
			enc, err := ctyjson.Marshal(r, r.Type())
			if err != nil {
				out["encode_error"] = err.Error()
			} else {
				out["result"] = json.RawMessage(enc)
			}
		}
	case "number":
		a, errA := cty.ParseNumberVal(c.A)
		if errA != nil {
			out["a_error"] = errA.Error()
		} else {
			out["a"] = numText(a)
			out["a_g10"] = a.AsBigFloat().String()
			out["a_int"] = a.AsBigFloat().IsInt()
			out["a_str"] = mustConvertString(a)
		}
		if c.B == "" {
			return out
		}
		b, errB := cty.ParseNumberVal(c.B)
		if errB != nil {
			out["b_error"] = errB.Error()
		}
		if errA != nil || errB != nil {
			return out
		}
		ops := map[string]func(x, y cty.Value) (cty.Value, error){
			"add": stdlib.Add, "sub": stdlib.Subtract, "mul": stdlib.Multiply,
			"div": stdlib.Divide, "mod": stdlib.Modulo,
		}
		for name, fn := range ops {
			fn := fn
			var err error
			r, msg := catchPanic(func() cty.Value {
				var r cty.Value
				r, err = fn(a, b)
				return r
			})
			switch {
			case msg != "":
				out[name] = map[string]string{"panic": msg}
			case err != nil:
				// A panic inside the function comes back with a stack trace: keep its first line.
				out[name] = map[string]string{"error": strings.SplitN(err.Error(), "\n", 2)[0]}
			default:
				out[name] = numText(r)
			}
		}
		out["eq"] = a.Equals(b).True()
		out["lt"] = a.LessThan(b).True()
		out["cmp"] = a.AsBigFloat().Cmp(b.AsBigFloat())
	default:
		out["error"] = "unknown op " + c.Op
	}
	return out
}

func mustConvertString(v cty.Value) string {
	s, err := convert.Convert(v, cty.String)
	if err != nil {
		return "error: " + err.Error()
	}
	return s.AsString()
}

func runValues(args []string) int {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		line := in.Bytes()
		if len(line) == 0 {
			continue
		}
		var c valuesCase
		var res map[string]interface{}
		if err := json.Unmarshal(line, &c); err != nil {
			res = map[string]interface{}{"error": "bad case: " + err.Error()}
		} else {
			func() {
				defer func() {
					if r := recover(); r != nil {
						res = map[string]interface{}{"panic": fmt.Sprint(r)}
					}
				}()
				res = runValuesCase(c)
			}()
		}
		b, _ := json.Marshal(res)
		out.Write(b)
		out.WriteByte('\n')
	}
	return 0
}
