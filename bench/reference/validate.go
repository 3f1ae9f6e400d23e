// The reference side of issue 5's benchmark: HCL's hcldec decoding the corpus with the spec that
// bench/generate_corpus_schema.py writes next to the hcl-schema file, timed like
// bench/schema_bench.cpp times hclschema's validation.
//
// The spec is in the format of HCL's `hcldec` tool (cmd/hcldec/spec-format.md). That tool's spec
// loader is `package main` and cannot be imported, so loadSpec below reads the subset the
// generator writes (object, attr, block, block_list, block_map) with the hcl API. One deviation,
// documented in the generator: a block_map or block_list whose content has attributes of type
// `any` becomes hcldec's BlockObjectSpec or BlockTupleSpec (the tool refuses such a block_map;
// the library decodes it into objects and tuples, as hcl-schema does for untyped content).
//
// One run, timed, is: parse the file (native or JSON), split the `locals` blocks off the body
// (PartialContent) and evaluate each local (JustAttributes, Expression.Value), then hcldec.Decode
// the rest. The EvalContext plays the role of hclschema's partial evaluation: every root name the
// file refers to (found once, untimed) is an unknown value of dynamic type, and every function
// name of the corpus returns an unknown value whatever its arguments. Everything is left unchecked
// that depends on them, on both sides. An untimed first run must give no error diagnostic.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"sort"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

type validateResult struct {
	Impl                   string   `json:"impl"`
	Bench                  string   `json:"bench"`
	Syntax                 string   `json:"syntax"`
	File                   string   `json:"file"`
	Spec                   string   `json:"spec"`
	InputBytes             int      `json:"input_bytes"`
	Iterations             int      `json:"iterations"`
	Errors                 int      `json:"errors"`
	Warnings               int      `json:"warnings"`
	FirstErrors            []string `json:"first_errors,omitempty"`
	Locals                 int      `json:"locals"`
	BestSeconds            float64  `json:"best_seconds"`
	MedianSeconds          float64  `json:"median_seconds"`
	BestCPUSeconds         float64  `json:"best_cpu_seconds"`
	BestMBps               float64  `json:"best_mb_s"`
	BestCPUMBps            float64  `json:"best_cpu_mb_s"`
	ValidateBestSeconds    float64  `json:"validate_best_seconds"`
	ValidateBestCPUSeconds float64  `json:"validate_best_cpu_seconds"`
	AllocBytesPerRun       uint64   `json:"alloc_bytes_per_run"`
	GoVersion              string   `json:"go_version"`
}

// specBlockTypes are the spec constructs loadSpec reads; each may appear labelled (in an object:
// the label is the result's key) or unlabelled (the one nested spec of a block spec).
var specBlockTypes = []string{"object", "attr", "block", "block_list", "block_map"}

func specSchema(labelled bool, attrs ...string) *hcl.BodySchema {
	s := &hcl.BodySchema{}
	for _, a := range attrs {
		s.Attributes = append(s.Attributes, hcl.AttributeSchema{Name: a})
	}
	for _, t := range specBlockTypes {
		h := hcl.BlockHeaderSchema{Type: t}
		if labelled {
			h.LabelNames = []string{"key"}
		}
		s.Blocks = append(s.Blocks, h)
	}
	return s
}

// constant evaluates a spec attribute (a constant) into a Go value.
func constant(attrs hcl.Attributes, name string, target interface{}) (bool, hcl.Diagnostics) {
	a, ok := attrs[name]
	if !ok {
		return false, nil
	}
	if diags := gohcl.DecodeExpression(a.Expr, nil, target); diags.HasErrors() {
		return false, diags
	}
	return true, nil
}

func specError(r hcl.Range, format string, args ...interface{}) hcl.Diagnostics {
	return hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Invalid spec", Detail: fmt.Sprintf(format, args...), Subject: r.Ptr()}}
}

// loadSpec turns one spec block into an hcldec.Spec; name is the block's label, if any.
func loadSpec(block *hcl.Block) (hcldec.Spec, hcl.Diagnostics) {
	name := ""
	if len(block.Labels) > 0 {
		name = block.Labels[0]
	}
	switch block.Type {
	case "object":
		content, diags := block.Body.Content(specSchema(true))
		obj := hcldec.ObjectSpec{}
		for _, b := range content.Blocks {
			s, d := loadSpec(b)
			diags = append(diags, d...)
			obj[b.Labels[0]] = s
		}
		return obj, diags
	case "attr":
		content, diags := block.Body.Content(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "name"}, {Name: "type"}, {Name: "required"}}})
		spec := &hcldec.AttrSpec{Name: name, Type: cty.DynamicPseudoType}
		_, d := constant(content.Attributes, "name", &spec.Name)
		diags = append(diags, d...)
		_, d = constant(content.Attributes, "required", &spec.Required)
		diags = append(diags, d...)
		if t, ok := content.Attributes["type"]; ok {
			ty, d := typeexpr.TypeConstraint(t.Expr)
			diags = append(diags, d...)
			spec.Type = ty
		}
		return spec, diags
	case "block", "block_list", "block_map":
		content, diags := block.Body.Content(specSchema(false, "block_type", "required", "min_items", "max_items", "labels"))
		_, d := constant(content.Attributes, "block_type", &name)
		diags = append(diags, d...)
		if len(content.Blocks) != 1 {
			return nil, append(diags, specError(block.DefRange, "a %s spec needs exactly one nested spec", block.Type)...)
		}
		nested, d := loadSpec(content.Blocks[0])
		diags = append(diags, d...)
		if diags.HasErrors() {
			return nil, diags
		}
		dynamic := hcldec.ImpliedType(nested).HasDynamicTypes()
		switch block.Type {
		case "block":
			spec := &hcldec.BlockSpec{TypeName: name, Nested: nested}
			_, d := constant(content.Attributes, "required", &spec.Required)
			return spec, append(diags, d...)
		case "block_list":
			var minItems, maxItems int
			_, d1 := constant(content.Attributes, "min_items", &minItems)
			_, d2 := constant(content.Attributes, "max_items", &maxItems)
			diags = append(append(diags, d1...), d2...)
			if dynamic {
				return &hcldec.BlockTupleSpec{TypeName: name, Nested: nested, MinItems: minItems, MaxItems: maxItems}, diags
			}
			return &hcldec.BlockListSpec{TypeName: name, Nested: nested, MinItems: minItems, MaxItems: maxItems}, diags
		default:
			var labels []string
			_, d := constant(content.Attributes, "labels", &labels)
			diags = append(diags, d...)
			if dynamic {
				return &hcldec.BlockObjectSpec{TypeName: name, LabelNames: labels, Nested: nested}, diags
			}
			return &hcldec.BlockMapSpec{TypeName: name, LabelNames: labels, Nested: nested}, diags
		}
	}
	return nil, specError(block.DefRange, "unsupported spec block %q", block.Type)
}

func loadSpecFile(path string) (hcldec.Spec, hcl.Diagnostics) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Cannot read the spec", Detail: err.Error()}}
	}
	file, diags := hclsyntax.ParseConfig(src, path, hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		return nil, diags
	}
	content, diags := file.Body.Content(specSchema(false))
	if len(content.Blocks) != 1 {
		return nil, append(diags, specError(file.Body.MissingItemRange(), "a spec file holds exactly one root spec")...)
	}
	spec, d := loadSpec(content.Blocks[0])
	return spec, append(diags, d...)
}

// unknownResult stands for any function under partial evaluation: an unknown value whatever the
// arguments (hclsyntax still evaluates the arguments; hclschema does not).
var unknownResult = function.New(&function.Spec{
	VarParam: &function.Parameter{Name: "args", Type: cty.DynamicPseudoType, AllowNull: true, AllowUnknown: true,
		AllowDynamicType: true, AllowMarked: true},
	Type: function.StaticReturnType(cty.DynamicPseudoType),
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) { return cty.DynamicVal, nil },
})

var locals = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "locals"}}}

// partialContext makes every root name the file refers to, and every function the corpus calls,
// unknown: the EvalContext counterpart of hclschema's partial evaluation.
func partialContext(body hcl.Body, spec hcldec.Spec) *hcl.EvalContext {
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{}, Functions: map[string]function.Function{}}
	content, remain, _ := body.PartialContent(locals)
	traversals := hcldec.Variables(remain, spec)
	for _, b := range content.Blocks {
		attrs, _ := b.Body.JustAttributes()
		for _, a := range attrs {
			traversals = append(traversals, a.Expr.Variables()...)
		}
	}
	for _, t := range traversals {
		ctx.Variables[t.RootName()] = cty.DynamicVal
	}
	for _, n := range append(append([]string{}, benchFunctionNames...), "object", "list", "map", "set", "tuple", "optional") {
		ctx.Functions[n] = unknownResult
	}
	return ctx
}

// validateOnce is one timed run after the parse: locals evaluated, the rest decoded.
func validateOnce(body hcl.Body, spec hcldec.Spec, ctx *hcl.EvalContext) (cty.Value, int, int, hcl.Diagnostics) {
	content, remain, diags := body.PartialContent(locals)
	nlocals := 0
	for _, b := range content.Blocks {
		attrs, d := b.Body.JustAttributes()
		diags = append(diags, d...)
		for _, a := range attrs {
			_, d := a.Expr.Value(ctx)
			diags = append(diags, d...)
			nlocals++
		}
	}
	v, d := hcldec.Decode(remain, spec, ctx)
	return v, nlocals, len(content.Blocks), append(diags, d...)
}

func runValidate(syntax, specPath, path string, iterations int) int {
	spec, diags := loadSpecFile(specPath)
	if diags.HasErrors() {
		for _, d := range diags {
			fmt.Fprintln(os.Stderr, d.Error())
		}
		return 2
	}
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	res := validateResult{Impl: "hashicorp/hcl/v2 hcldec (Go)", Bench: "validate", Syntax: syntax, File: path, Spec: specPath,
		InputBytes: len(src), Iterations: iterations, GoVersion: runtime.Version()}

	// The untimed check run; it also finds the names the context must make unknown.
	file, pdiags := parse(syntax, src, path)
	ctx := partialContext(file.Body, spec)
	_, nlocals, _, vdiags := validateOnce(file.Body, spec, ctx)
	for _, d := range append(pdiags, vdiags...) {
		if d.Severity == hcl.DiagError {
			res.Errors++
			if len(res.FirstErrors) < 5 {
				res.FirstErrors = append(res.FirstErrors, d.Error())
			}
		} else {
			res.Warnings++
		}
	}
	res.Locals = nlocals
	file = nil

	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	f, _ := parse(syntax, src, path)
	v, _, _, _ := validateOnce(f.Body, spec, ctx)
	runtime.ReadMemStats(&m1)
	runtime.KeepAlive(v)
	res.AllocBytesPerRun = m1.TotalAlloc - m0.TotalAlloc
	f, v = nil, cty.NilVal

	var wall, cpu, vwall, vcpu []float64
	for i := 0; i < iterations; i++ {
		runtime.GC()
		cpu0 := cpuSeconds()
		start := time.Now()
		f, _ := parse(syntax, src, path)
		cpu1 := cpuSeconds()
		mid := time.Now()
		v, _, _, _ := validateOnce(f.Body, spec, ctx)
		stop := time.Now()
		cpu2 := cpuSeconds()
		runtime.KeepAlive(v)
		wall = append(wall, stop.Sub(start).Seconds())
		cpu = append(cpu, cpu2-cpu0)
		vwall = append(vwall, stop.Sub(mid).Seconds())
		vcpu = append(vcpu, cpu2-cpu1)
	}
	for _, s := range [][]float64{wall, cpu, vwall, vcpu} {
		sort.Float64s(s)
	}
	mb := float64(len(src)) / 1e6
	res.BestSeconds, res.MedianSeconds, res.BestCPUSeconds = wall[0], median(wall), cpu[0]
	res.BestMBps, res.BestCPUMBps = mb/wall[0], mb/cpu[0]
	res.ValidateBestSeconds, res.ValidateBestCPUSeconds = vwall[0], vcpu[0]
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
	if res.Errors > 0 {
		return 1
	}
	return 0
}
