// The reference side of issue 4's benchmark: applying nested defaults and converting a large
// value to a type constraint (typeexpr.TypeConstraintWithDefaults, Defaults.Apply, convert.Convert),
// next to bench/typeexpr_bench.cpp.
//
// Both files are HCL native expressions: TYPE_FILE a type constraint, VALUE_FILE a value (parsed
// and evaluated without variables). Parsing the type and building the value happen outside the
// timing; each timed run is Apply + Convert of the whole value. The FNV-1a digest of the result's
// cty JSON type and value (type, newline, value) is printed, so the two sides can be checked to agree.
package main

import (
	"encoding/json"
	"hash/fnv"
	"fmt"
	"os"
	"runtime"
	"sort"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

type convertResult struct {
	Impl             string  `json:"impl"`
	Bench            string  `json:"bench"`
	TypeFile         string  `json:"type_file"`
	ValueFile        string  `json:"value_file"`
	ValueBytes       int     `json:"value_bytes"`
	Objects          int     `json:"objects"`
	Error            string  `json:"error,omitempty"`
	Digest           string  `json:"digest"`
	Iterations       int     `json:"iterations"`
	BestSeconds      float64 `json:"best_seconds"`
	MedianSeconds    float64 `json:"median_seconds"`
	BestCPUSeconds   float64 `json:"best_cpu_seconds"`
	BestObjectsPerS  float64 `json:"best_objects_per_s"`
	AllocBytesPerRun uint64  `json:"alloc_bytes_per_run"`
	MallocsPerRun    uint64  `json:"mallocs_per_run"`
	GoVersion        string  `json:"go_version"`
}

// countObjects counts the object values in v at any depth (the unit of the objects/s figure).
func countObjects(v cty.Value) int {
	if !v.IsKnown() || v.IsNull() {
		return 0
	}
	n := 0
	if v.Type().IsObjectType() {
		n = 1
	}
	if v.CanIterateElements() {
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			n += countObjects(e)
		}
	}
	return n
}

func readExpr(path string) (hcl.Expression, int, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	expr, diags := hclsyntax.ParseExpression(src, path, hcl.Pos{Line: 1, Column: 1, Byte: 0})
	if diags.HasErrors() {
		return nil, 0, fmt.Errorf("%s", diags.Error())
	}
	return expr, len(src), nil
}

func runConvert(typePath, valuePath string, iterations int, dump string) int {
	typeExpr, _, err := readExpr(typePath)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	ty, defaults, diags := typeexpr.TypeConstraintWithDefaults(typeExpr)
	if diags.HasErrors() {
		fmt.Fprintln(os.Stderr, "hclbench: type constraint:", diags.Error())
		return 1
	}
	valueExpr, valueBytes, err := readExpr(valuePath)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	input, diags := valueExpr.Value(nil)
	if diags.HasErrors() {
		fmt.Fprintln(os.Stderr, "hclbench: value:", diags.Error())
		return 1
	}

	apply := func() (cty.Value, error) {
		v := input
		if defaults != nil {
			v = defaults.Apply(v)
		}
		return convert.Convert(v, ty)
	}

	res := convertResult{Impl: "hashicorp/hcl/v2 ext/typeexpr + go-cty convert (Go)", Bench: "convert",
		TypeFile: typePath, ValueFile: valuePath, ValueBytes: valueBytes, Iterations: iterations,
		GoVersion: runtime.Version()}
	out, err := apply()
	if err != nil {
		res.Error = err.Error()
	} else {
		res.Objects = countObjects(out)
		tj, _ := ctyjson.MarshalType(out.Type())
		vj, _ := ctyjson.Marshal(out, out.Type())
		h := fnv.New64a()
		h.Write(tj)
		h.Write([]byte("\n"))
		h.Write(vj)
		res.Digest = fmt.Sprintf("%016x", h.Sum64())
		if dump != "" {
			_ = os.WriteFile(dump, append(append(tj, '\n'), append(vj, '\n')...), 0o644)
		}
	}

	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	_, _ = apply()
	runtime.ReadMemStats(&m1)
	res.AllocBytesPerRun = m1.TotalAlloc - m0.TotalAlloc
	res.MallocsPerRun = m1.Mallocs - m0.Mallocs

	times := make([]float64, 0, iterations)
	cpu := make([]float64, 0, iterations)
	for i := 0; i < iterations; i++ {
		runtime.GC()
		cpu0 := cpuSeconds()
		start := time.Now()
		v, _ := apply()
		elapsed := time.Since(start).Seconds()
		cpu = append(cpu, cpuSeconds()-cpu0)
		times = append(times, elapsed)
		runtime.KeepAlive(v)
	}
	sort.Float64s(times)
	sort.Float64s(cpu)
	res.BestSeconds, res.MedianSeconds = times[0], median(times)
	res.BestCPUSeconds = cpu[0]
	if res.BestSeconds > 0 {
		res.BestObjectsPerS = float64(res.Objects) / res.BestSeconds
	}
	enc, _ := json.Marshal(res)
	fmt.Println(string(enc))
	if res.Error != "" {
		return 1
	}
	return 0
}
