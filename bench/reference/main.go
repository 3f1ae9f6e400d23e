// Command hclbench times the reference implementation (HashiCorp's Go HCL, from Debian's packages)
// parsing one file, so bench/run.sh can put its figures next to hclschema's.
//
// It reads the file once, parses it once to check that it has no errors (a benchmark of a broken
// parse measures nothing), then times N parses and prints one JSON line: throughput (MB/s, best
// and median, MB = 10^6 bytes) by wall-clock time and by process CPU time (GC workers included),
// Go heap bytes allocated per parse (runtime.MemStats.TotalAlloc delta) and the peak RSS growth
// of one parse, measured in a fresh child process so earlier iterations cannot inflate it.
//
// Usage: hclbench [-syntax native|json] [-n N] FILE
//        hclbench -bench eval [-n N] [-sustained N] [-dump OUT] FILE.tf   (eval.go: issue 3)
//        hclbench -bench convert [-n N] [-dump OUT] TYPE VALUE    (convert.go: issue 4)
//        hclbench -bench validate [-syntax native|json] [-n N] SPEC FILE  (validate.go: issue 5)
//
// Built offline in GOPATH mode from Debian's golang-github-hashicorp-hcl-v2-dev (bench/run.sh).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
)

type result struct {
	Impl                  string   `json:"impl"`
	Syntax                string   `json:"syntax"`
	File                  string   `json:"file"`
	InputBytes            int      `json:"input_bytes"`
	Iterations            int      `json:"iterations"`
	Errors                int      `json:"errors"`
	FirstErrors           []string `json:"first_errors,omitempty"`
	BestSeconds           float64  `json:"best_seconds"`
	MedianSeconds         float64  `json:"median_seconds"`
	BestMBps              float64  `json:"best_mb_s"`
	MedianMBps            float64  `json:"median_mb_s"`
	BestCPUSeconds        float64  `json:"best_cpu_seconds"`
	MedianCPUSeconds      float64  `json:"median_cpu_seconds"`
	BestCPUMBps           float64  `json:"best_cpu_mb_s"`
	MedianCPUMBps         float64  `json:"median_cpu_mb_s"`
	AllocBytesPerParse    uint64   `json:"alloc_bytes_per_parse"`
	AllocPerInputByte     float64  `json:"alloc_bytes_per_input_byte"`
	MallocsPerParse       uint64   `json:"mallocs_per_parse"`
	RSSBeforeParse        uint64   `json:"rss_before_parse"`
	RSSPeak               uint64   `json:"rss_peak"`
	RSSGrowth             uint64   `json:"rss_growth"`
	RSSGrowthPerInputByte float64  `json:"rss_growth_per_input_byte"`
	GoVersion             string   `json:"go_version"`
}

type rssReport struct {
	Before uint64 `json:"before"`
	Peak   uint64 `json:"peak"`
}

// cpuSeconds is the CPU time (user + system) of the whole process so far: the parsing goroutine
// and the garbage collector's workers alike.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// median of a sorted slice.
func median(v []float64) float64 {
	if len(v)%2 == 0 {
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return v[len(v)/2]
}

func parse(syntax string, src []byte, name string) (*hcl.File, hcl.Diagnostics) {
	if syntax == "json" {
		return hcljson.Parse(src, name)
	}
	return hclsyntax.ParseConfig(src, name, hcl.Pos{Line: 1, Column: 1, Byte: 0})
}

// procStatus reads one "Key:   N kB" line of /proc/self/status, in bytes.
func procStatus(key string) uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, key+":") {
			fields := strings.Fields(line[len(key)+1:])
			if len(fields) > 0 {
				n, _ := strconv.ParseUint(fields[0], 10, 64)
				return n * 1024
			}
		}
	}
	return 0
}

// rssChild parses once in this (fresh) process and reports RSS before and peak RSS after.
func rssChild(syntax, path string) int {
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	runtime.GC()
	debug.FreeOSMemory()
	// Reset the high-water mark so that reading the file does not count (Linux >= 4.0).
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	before := procStatus("VmRSS")
	file, _ := parse(syntax, src, path)
	peak := procStatus("VmHWM")
	runtime.KeepAlive(file)
	runtime.KeepAlive(src)
	out, _ := json.Marshal(rssReport{Before: before, Peak: peak})
	fmt.Println(string(out))
	return 0
}

func main() {
	syntax := flag.String("syntax", "native", "native or json")
	iterations := flag.Int("n", 5, "timed iterations")
	sustained := flag.Int("sustained", 20, "eval: passes timed back to back with the garbage collector left to run (0: none)")
	child := flag.Bool("rss-child", false, "internal: measure peak RSS of one parse")
	bench := flag.String("bench", "parse", "parse, eval (every attribute of FILE), convert (TYPE_FILE VALUE_FILE) or validate (SPEC FILE)")
	dump := flag.String("dump", "", "eval/convert: write the per-attribute results (or the converted value) to this file, for diffing against ours")
	flag.Parse()
	switch *bench {
	case "eval":
		if flag.NArg() != 1 || *iterations < 1 {
			fmt.Fprintln(os.Stderr, "usage: hclbench -bench eval [-n N] [-sustained N] [-dump FILE] FILE.tf")
			os.Exit(2)
		}
		os.Exit(runEval(flag.Arg(0), *iterations, *sustained, *dump))
	case "convert":
		if flag.NArg() != 2 || *iterations < 1 {
			fmt.Fprintln(os.Stderr, "usage: hclbench -bench convert [-n N] [-dump FILE] TYPE_FILE VALUE_FILE")
			os.Exit(2)
		}
		os.Exit(runConvert(flag.Arg(0), flag.Arg(1), *iterations, *dump))
	case "validate":
		if flag.NArg() != 2 || *iterations < 1 || (*syntax != "native" && *syntax != "json") {
			fmt.Fprintln(os.Stderr, "usage: hclbench -bench validate [-syntax native|json] [-n N] SPEC FILE")
			os.Exit(2)
		}
		os.Exit(runValidate(*syntax, flag.Arg(0), flag.Arg(1), *iterations))
	case "parse":
	default:
		fmt.Fprintln(os.Stderr, "hclbench: -bench must be parse, eval, convert or validate")
		os.Exit(2)
	}
	if flag.NArg() != 1 || (*syntax != "native" && *syntax != "json") || *iterations < 1 {
		fmt.Fprintln(os.Stderr, "usage: hclbench [-syntax native|json] [-n N] FILE")
		os.Exit(2)
	}
	path := flag.Arg(0)
	if *child {
		os.Exit(rssChild(*syntax, path))
	}

	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	res := result{Impl: "hashicorp/hcl/v2 (Go)", Syntax: *syntax, File: path, InputBytes: len(src),
		Iterations: *iterations, GoVersion: runtime.Version()}

	// Warm-up parse, also the correctness check.
	_, diags := parse(*syntax, src, path)
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			res.Errors++
			if len(res.FirstErrors) < 5 {
				res.FirstErrors = append(res.FirstErrors, d.Error())
			}
		}
	}

	// Allocation of one parse.
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	file, _ := parse(*syntax, src, path)
	runtime.ReadMemStats(&m1)
	runtime.KeepAlive(file)
	res.AllocBytesPerParse = m1.TotalAlloc - m0.TotalAlloc
	res.MallocsPerParse = m1.Mallocs - m0.Mallocs
	res.AllocPerInputByte = float64(res.AllocBytesPerParse) / float64(len(src))
	file = nil

	// Throughput. Collect garbage between iterations (outside the timing) so every parse starts
	// from the same heap; the GC work a parse causes while it runs stays inside its time.
	// CPU time is reported too: it is what a parse costs when the machine is shared.
	times := make([]float64, 0, *iterations)
	cpu := make([]float64, 0, *iterations)
	for i := 0; i < *iterations; i++ {
		runtime.GC()
		cpu0 := cpuSeconds()
		start := time.Now()
		f, _ := parse(*syntax, src, path)
		elapsed := time.Since(start).Seconds()
		cpu = append(cpu, cpuSeconds()-cpu0)
		runtime.KeepAlive(f)
		times = append(times, elapsed)
	}
	sort.Float64s(times)
	sort.Float64s(cpu)
	mb := float64(len(src)) / 1e6
	res.BestSeconds, res.MedianSeconds = times[0], median(times)
	res.BestMBps, res.MedianMBps = mb/res.BestSeconds, mb/res.MedianSeconds
	res.BestCPUSeconds, res.MedianCPUSeconds = cpu[0], median(cpu)
	res.BestCPUMBps, res.MedianCPUMBps = mb/res.BestCPUSeconds, mb/res.MedianCPUSeconds

	// Peak RSS of one parse, in a fresh process.
	self, err := os.Executable()
	if err == nil {
		out, err := exec.Command(self, "-syntax", *syntax, "-rss-child", path).Output()
		var rep rssReport
		if err == nil && json.Unmarshal(out, &rep) == nil {
			res.RSSBeforeParse = rep.Before
			res.RSSPeak = rep.Peak
			if rep.Peak > rep.Before {
				res.RSSGrowth = rep.Peak - rep.Before
			}
			res.RSSGrowthPerInputByte = float64(res.RSSGrowth) / float64(len(src))
		} else {
			fmt.Fprintln(os.Stderr, "hclbench: RSS child failed:", err)
		}
	}

	out, _ := json.Marshal(res)
	fmt.Println(string(out))
	if res.Errors > 0 {
		os.Exit(1)
	}
}
