// The reference side of issue 3's benchmark: evaluating every attribute of the corpus with
// hclsyntax (Expression.Value), next to bench/eval_bench.cpp.
//
// The file is parsed once; every attribute of every body (blocks at any depth) is collected, in
// source order, outside the timing. The EvalContext is the one bench/eval_bench.cpp builds: the
// Terraform-like roots var, local, each, count, data, module, path and every resource type of the
// file as unknown values of dynamic type (cty.DynamicVal), and the functions named in
// benchFunctionNames (go-cty's stdlib, HCL's tryfunc, a Terraform-like length/alltrue/anytrue; see
// below). Anything else (type keywords such as `string`, dynamic-block iterators such as
// `rule.value`, `object(...)`, `optional(...)`) is an error on both sides, as it would be for a
// bare hcl.EvalContext. Errors are counted, not skipped.
//
// One untimed pass records what each attribute gave (error summary, or type and value as cty
// JSON) in a text whose FNV-1a digest both programs print: equal digests mean both sides computed
// the same results. -dump writes the text itself, for diffing.
//
// Timed: N single runs, each after a forced collection (the runs of issue 3's first figures), and
// the sustained measurement, passes back to back with the collector left to run (sustainedRun
// says why both).
package main

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

type evalResult struct {
	Impl             string  `json:"impl"`
	Bench            string  `json:"bench"`
	File             string  `json:"file"`
	InputBytes       int     `json:"input_bytes"`
	Attributes       int     `json:"attributes"`
	AttributeBytes   int     `json:"attribute_bytes"`
	ErrorAttributes  int     `json:"error_attributes"`
	ErrorDiagnostics int     `json:"error_diagnostics"`
	KnownResults     int     `json:"known_results"`
	UnknownResults   int     `json:"unknown_results"`
	Digest           string  `json:"digest"`
	Functions        int     `json:"functions"`
	Iterations       int     `json:"iterations"`
	BestSeconds      float64 `json:"best_seconds"`
	MedianSeconds    float64 `json:"median_seconds"`
	BestMBps         float64 `json:"best_mb_s"`
	MedianMBps       float64 `json:"median_mb_s"`
	BestCPUSeconds   float64 `json:"best_cpu_seconds"`
	BestCPUMBps      float64 `json:"best_cpu_mb_s"`
	BestAttrsPerSec  float64 `json:"best_attributes_per_s"`
	OkAttributes     int     `json:"ok_attributes"`
	OkBytes          int     `json:"ok_attribute_bytes"`
	OkBestSeconds    float64 `json:"ok_best_seconds"`
	OkBestCPUSeconds float64 `json:"ok_best_cpu_seconds"`
	OkBestMBps       float64 `json:"ok_best_mb_s"`
	AllocBytesPerRun uint64  `json:"alloc_bytes_per_run"`
	MallocsPerRun    uint64  `json:"mallocs_per_run"`
	GoVersion        string  `json:"go_version"`
	// Collections that ran during the timed runs above (all of them): none, as a rule (see sustainedRun).
	TimedRunGCCycles uint32 `json:"gc_cycles_in_timed_runs"`
	// The sustained measurement (see sustainedRun): passes back to back, the collector left to run.
	SustainedPasses            int     `json:"sustained_passes"`
	SustainedSecondsPerPass    float64 `json:"sustained_seconds_per_pass"`
	SustainedCPUSecondsPerPass float64 `json:"sustained_cpu_seconds_per_pass"`
	SustainedGCCycles          uint32  `json:"sustained_gc_cycles"`
	LiveHeapBytes              uint64  `json:"live_heap_bytes"`
}

// benchFunctionNames is the function table of both sides; bench/eval_bench.cpp has the same list.
// Every function of the corpus is in it except the type keywords (object, list, map, optional).
var benchFunctionNames = []string{
	"abs", "alltrue", "anytrue", "can", "ceil", "chomp", "chunklist", "cidrhost", "cidrsubnet",
	"coalesce", "coalescelist", "compact", "concat", "contains", "csvdecode", "distinct", "element",
	"flatten", "floor", "format", "formatlist", "indent", "join", "jsondecode", "jsonencode", "keys",
	"length", "log", "lookup", "lower", "max", "merge", "min", "parseint", "pow", "range", "regex",
	"regexall", "replace", "reverse", "setintersection", "setproduct", "setsubtract", "setunion",
	"signum", "slice", "sort", "split", "strrev", "substr", "title", "tobool", "tolist", "tomap",
	"tonumber", "toset", "tostring", "trim", "trimprefix", "trimspace", "trimsuffix", "upper",
	"values", "zipmap",
}

// notInBenchmark stands for a Terraform function that neither go-cty nor HCL provides. Its
// signature is Terraform's, so unknown arguments give an unknown result without calling it; a call
// with known arguments is an error here, which the digest comparison would reveal.
func notInBenchmark(name string, params []function.Parameter, ret cty.Type) function.Function {
	return function.New(&function.Spec{
		Params: params,
		Type:   function.StaticReturnType(ret),
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			return cty.UnknownVal(ret), fmt.Errorf("%s is not implemented in the benchmark reference", name)
		},
	})
}

// allOrAny is Terraform's alltrue/anytrue: a list of bools, unknown when any element is.
func allOrAny(all bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "list", Type: cty.List(cty.Bool)}},
		Type:   function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			result := cty.BoolVal(all)
			for it := args[0].ElementIterator(); it.Next(); {
				_, v := it.Element()
				if !v.IsKnown() {
					return cty.UnknownVal(cty.Bool), nil
				}
				if v.IsNull() {
					if all {
						return cty.False, nil
					}
					continue
				}
				result = result.And(v)
				if all && v.False() {
					return cty.False, nil
				}
				if !all && v.True() {
					return cty.True, nil
				}
			}
			if !all {
				return cty.False, nil
			}
			return result, nil
		},
	})
}

// terraformLength is Terraform's length: strings (grapheme clusters) and collections.
var terraformLength = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType, AllowDynamicType: true, AllowUnknown: true, AllowMarked: true}},
	Type: func(args []cty.Value) (cty.Type, error) {
		ty := args[0].Type()
		switch {
		case ty == cty.String || ty.IsTupleType() || ty.IsObjectType() || ty.IsListType() || ty.IsMapType() || ty.IsSetType() || ty == cty.DynamicPseudoType:
			return cty.Number, nil
		}
		return cty.Number, fmt.Errorf("argument must be a string, a collection type, or a structural type")
	},
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		v, marks := args[0].Unmark()
		ty := v.Type()
		switch {
		case v.IsNull():
			return cty.UnknownVal(cty.Number), fmt.Errorf("argument must not be null")
		case ty == cty.DynamicPseudoType || !v.IsKnown():
			return cty.UnknownVal(cty.Number).WithMarks(marks), nil
		case ty == cty.String:
			n, err := stdlib.Strlen(v)
			return n.WithMarks(marks), err
		case ty.IsTupleType() || ty.IsObjectType():
			return cty.NumberIntVal(int64(v.LengthInt())).WithMarks(marks), nil
		}
		n, err := stdlib.Length(v)
		return n.WithMarks(marks), err
	},
})

func benchFunctions() map[string]function.Function {
	f := map[string]function.Function{
		"abs": stdlib.AbsoluteFunc, "alltrue": allOrAny(true), "anytrue": allOrAny(false),
		"can": tryfunc.CanFunc, "ceil": stdlib.CeilFunc, "chomp": stdlib.ChompFunc,
		"chunklist": stdlib.ChunklistFunc,
		"cidrhost": notInBenchmark("cidrhost", []function.Parameter{{Name: "prefix", Type: cty.String}, {Name: "hostnum", Type: cty.Number}}, cty.String),
		"cidrsubnet": notInBenchmark("cidrsubnet", []function.Parameter{{Name: "prefix", Type: cty.String}, {Name: "newbits", Type: cty.Number}, {Name: "netnum", Type: cty.Number}}, cty.String),
		"coalesce": stdlib.CoalesceFunc, "coalescelist": stdlib.CoalesceListFunc, "compact": stdlib.CompactFunc,
		"concat": stdlib.ConcatFunc, "contains": stdlib.ContainsFunc, "csvdecode": stdlib.CSVDecodeFunc,
		"distinct": stdlib.DistinctFunc, "element": stdlib.ElementFunc, "flatten": stdlib.FlattenFunc,
		"floor": stdlib.FloorFunc, "format": stdlib.FormatFunc, "formatlist": stdlib.FormatListFunc,
		"indent": stdlib.IndentFunc, "join": stdlib.JoinFunc, "jsondecode": stdlib.JSONDecodeFunc,
		"jsonencode": stdlib.JSONEncodeFunc, "keys": stdlib.KeysFunc, "length": terraformLength,
		"log": stdlib.LogFunc, "lookup": stdlib.LookupFunc, "lower": stdlib.LowerFunc, "max": stdlib.MaxFunc,
		"merge": stdlib.MergeFunc, "min": stdlib.MinFunc, "parseint": stdlib.ParseIntFunc, "pow": stdlib.PowFunc,
		"range": stdlib.RangeFunc, "regex": stdlib.RegexFunc, "regexall": stdlib.RegexAllFunc,
		"replace": stdlib.ReplaceFunc, "reverse": stdlib.ReverseListFunc,
		"setintersection": stdlib.SetIntersectionFunc, "setproduct": stdlib.SetProductFunc,
		"setsubtract": stdlib.SetSubtractFunc, "setunion": stdlib.SetUnionFunc, "signum": stdlib.SignumFunc,
		"slice": stdlib.SliceFunc, "sort": stdlib.SortFunc, "split": stdlib.SplitFunc, "strrev": stdlib.ReverseFunc,
		"substr": stdlib.SubstrFunc, "title": stdlib.TitleFunc,
		"tobool": stdlib.MakeToFunc(cty.Bool), "tolist": stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"tomap": stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)), "tonumber": stdlib.MakeToFunc(cty.Number),
		"toset": stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)), "tostring": stdlib.MakeToFunc(cty.String),
		"trim": stdlib.TrimFunc, "trimprefix": stdlib.TrimPrefixFunc, "trimspace": stdlib.TrimSpaceFunc,
		"trimsuffix": stdlib.TrimSuffixFunc, "upper": stdlib.UpperFunc, "values": stdlib.ValuesFunc,
		"zipmap": stdlib.ZipmapFunc,
	}
	if len(f) != len(benchFunctionNames) {
		panic("benchFunctions and benchFunctionNames disagree")
	}
	for _, n := range benchFunctionNames {
		if _, ok := f[n]; !ok {
			panic("benchFunctions lacks " + n)
		}
	}
	return f
}

// collectAttributes appends every attribute of body and of its blocks at any depth.
func collectAttributes(body *hclsyntax.Body, out []*hclsyntax.Attribute) []*hclsyntax.Attribute {
	for _, a := range body.Attributes {
		out = append(out, a)
	}
	for _, b := range body.Blocks {
		out = collectAttributes(b.Body, out)
	}
	return out
}

// evalLine is one attribute's result in the digest text: "OFFSET\terror\tSUMMARY",
// "OFFSET\tunknown\tTYPE", "OFFSET\tpartial\tTYPE" (known, with unknowns inside) or
// "OFFSET\tknown\tTYPE\tVALUE" (cty JSON encodings).
func evalLine(offset int, v cty.Value, diags hcl.Diagnostics) string {
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			return fmt.Sprintf("%d\terror\t%s\n", offset, d.Summary)
		}
	}
	tj, _ := ctyjson.MarshalType(v.Type())
	switch {
	case !v.IsKnown():
		return fmt.Sprintf("%d\tunknown\t%s\n", offset, tj)
	case !v.IsWhollyKnown():
		return fmt.Sprintf("%d\tpartial\t%s\n", offset, tj)
	}
	vj, err := ctyjson.Marshal(v, v.Type())
	if err != nil {
		return fmt.Sprintf("%d\tunencodable\t%s\n", offset, tj)
	}
	return fmt.Sprintf("%d\tknown\t%s\t%s\n", offset, tj, vj)
}

func runEval(path string, iterations, sustained int, dump string) int {
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	file, diags := hclsyntax.ParseConfig(src, path, hcl.Pos{Line: 1, Column: 1, Byte: 0})
	if diags.HasErrors() {
		fmt.Fprintln(os.Stderr, "hclbench: the file has parse errors:", diags.Error())
		return 1
	}
	body := file.Body.(*hclsyntax.Body)
	attrs := collectAttributes(body, nil)
	sort.Slice(attrs, func(i, j int) bool { return attrs[i].Expr.Range().Start.Byte < attrs[j].Expr.Range().Start.Byte })

	vars := map[string]cty.Value{}
	for _, root := range []string{"var", "local", "each", "count", "data", "module", "path"} {
		vars[root] = cty.DynamicVal
	}
	for _, b := range body.Blocks {
		if b.Type == "resource" && len(b.Labels) > 0 {
			vars[b.Labels[0]] = cty.DynamicVal
		}
	}
	ctx := &hcl.EvalContext{Variables: vars, Functions: benchFunctions()}

	res := evalResult{Impl: "hashicorp/hcl/v2 hclsyntax + go-cty stdlib (Go)", Bench: "eval", File: path,
		InputBytes: len(src), Attributes: len(attrs), Iterations: iterations, Functions: len(ctx.Functions),
		GoVersion: runtime.Version()}
	for _, a := range attrs {
		r := a.Expr.Range()
		res.AttributeBytes += r.End.Byte - r.Start.Byte
	}

	// The untimed pass: what every attribute gives.
	var text strings.Builder
	var okAttrs []*hclsyntax.Attribute // the attributes that evaluate without error
	for _, a := range attrs {
		v, d := a.Expr.Value(ctx)
		if !d.HasErrors() {
			okAttrs = append(okAttrs, a)
			r := a.Expr.Range()
			res.OkBytes += r.End.Byte - r.Start.Byte
		}
		line := evalLine(a.Expr.Range().Start.Byte, v, d)
		text.WriteString(line)
		for _, x := range d {
			if x.Severity == hcl.DiagError {
				res.ErrorDiagnostics++
			}
		}
		switch strings.SplitN(line, "\t", 3)[1] {
		case "error":
			res.ErrorAttributes++
		case "known":
			res.KnownResults++
		default:
			res.UnknownResults++
		}
	}
	h := fnv.New64a()
	h.Write([]byte(text.String()))
	res.Digest = fmt.Sprintf("%016x", h.Sum64())
	if dump != "" {
		if err := os.WriteFile(dump, []byte(text.String()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
	}

	res.OkAttributes = len(okAttrs)
	evalSet := func(set []*hclsyntax.Attribute) int {
		errs := 0
		for _, a := range set {
			_, d := a.Expr.Value(ctx)
			if d.HasErrors() {
				errs++
			}
		}
		return errs
	}
	evalAll := func() int { return evalSet(attrs) }

	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	evalAll()
	runtime.ReadMemStats(&m1)
	res.AllocBytesPerRun = m1.TotalAlloc - m0.TotalAlloc
	res.MallocsPerRun = m1.Mallocs - m0.Mallocs

	times := make([]float64, 0, iterations)
	cpu := make([]float64, 0, iterations)
	// Each timed run starts after a forced collection (gcBefore), and the collections that run
	// during it are counted (countGCs).
	var gc runtime.MemStats
	gcBefore := func() uint32 {
		runtime.GC()
		runtime.ReadMemStats(&gc)
		return gc.NumGC
	}
	countGCs := func(before uint32) {
		runtime.ReadMemStats(&gc)
		res.TimedRunGCCycles += gc.NumGC - before
	}
	for i := 0; i < iterations; i++ {
		gc0 := gcBefore()
		cpu0 := cpuSeconds()
		start := time.Now()
		errs := evalAll()
		elapsed := time.Since(start).Seconds()
		cpu = append(cpu, cpuSeconds()-cpu0)
		times = append(times, elapsed)
		countGCs(gc0)
		if errs != res.ErrorAttributes {
			fmt.Fprintln(os.Stderr, "hclbench: error count changed between runs")
			return 1
		}
	}
	sort.Float64s(times)
	sort.Float64s(cpu)
	mb := float64(res.AttributeBytes) / 1e6
	res.BestSeconds, res.MedianSeconds = times[0], median(times)
	res.BestMBps, res.MedianMBps = mb/res.BestSeconds, mb/res.MedianSeconds
	res.BestCPUSeconds = cpu[0]
	res.BestCPUMBps = mb / res.BestCPUSeconds
	res.BestAttrsPerSec = float64(res.Attributes) / res.BestSeconds

	// The same, on the attributes without errors only: the cost of the error paths (diagnostics,
	// name suggestions) left out.
	times, cpu = times[:0], cpu[:0]
	for i := 0; i < iterations; i++ {
		gc0 := gcBefore()
		cpu0 := cpuSeconds()
		start := time.Now()
		evalSet(okAttrs)
		times = append(times, time.Since(start).Seconds())
		cpu = append(cpu, cpuSeconds()-cpu0)
		countGCs(gc0)
	}
	sort.Float64s(times)
	sort.Float64s(cpu)
	res.OkBestSeconds, res.OkBestCPUSeconds = times[0], cpu[0]
	res.OkBestMBps = float64(res.OkBytes) / 1e6 / res.OkBestSeconds
	if sustained > 0 {
		sustainedRun(&res, sustained, evalAll)
	}
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
	return 0
}

// sustainedRun times `passes` passes of evalAll back to back, without the forced collection
// before each that the timed runs above have. Those runs never include a collection: a pass
// allocates about half as much as the live heap (the parsed file), and the collector starts a
// cycle only once the heap has grown by the live heap's size (GOGC=100), so a pass's garbage
// was always collected by the next runtime.GC(), outside the timer, while our side frees every
// result inside its timing. Here the collector runs as it would in a long-lived program
// (a language server, Terraform): its cycles, each marking the whole live heap, are paid by the
// passes that cause them. Two untimed passes first, so that the timing starts in the
// collector's usual rhythm rather than just after a forced collection.
func sustainedRun(res *evalResult, passes int, evalAll func() int) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	res.LiveHeapBytes = m.HeapAlloc
	evalAll()
	evalAll()
	runtime.ReadMemStats(&m)
	gc0 := m.NumGC
	cpu0 := cpuSeconds()
	start := time.Now()
	for i := 0; i < passes; i++ {
		evalAll()
	}
	elapsed := time.Since(start).Seconds()
	cpu := cpuSeconds() - cpu0
	runtime.ReadMemStats(&m)
	res.SustainedPasses = passes
	res.SustainedSecondsPerPass = elapsed / float64(passes)
	res.SustainedCPUSecondsPerPass = cpu / float64(passes)
	res.SustainedGCCycles = m.NumGC - gc0
}
