#!/usr/bin/env bash
# Runs hclschema's parse benchmarks next to the reference implementation (Go HCL) and prints a table.
#
#   bench/run.sh                       # 20 MiB corpus, Release build in build-bench/
#   BENCH_SIZE_MB=5 bench/run.sh       # smaller corpus for a quick look
#   BENCH_SKIP_REFERENCE=1 bench/run.sh  # ours only (reuses nothing: the reference is just not run)
#
# Steps: generate the corpus (cached in build-bench/corpus/, keyed by size, seed and generator),
# build parse_bench and parse_peak_rss in Release, build the Go reference program offline from
# Debian's packages (GOPATH mode), run everything, save the raw JSON under build-bench/results/ and
# print ours vs reference. Not part of `make test`: it takes minutes and needs an idle machine.
#
# Environment: BENCH_SIZE_MB (20), BENCH_SEED (1), BENCH_REF_ITERATIONS (5), BENCH_REPETITIONS (5),
# BENCH_BUILD_DIR (build-bench), BENCH_SKIP_REFERENCE (unset).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BENCH_BUILD_DIR:-$root/build-bench}
size=${BENCH_SIZE_MB:-20}
seed=${BENCH_SEED:-1}
ref_iterations=${BENCH_REF_ITERATIONS:-5}
repetitions=${BENCH_REPETITIONS:-5}
corpus_dir=$build/corpus
results_dir=$build/results
mkdir -p "$corpus_dir" "$results_dir"

log() { printf '[bench] %s\n' "$*" >&2; }

# 1. Corpus, regenerated when the generator changed.
base=corpus-${size}mb-seed${seed}
native_file=$corpus_dir/$base.tf
json_file=$corpus_dir/$base.tf.json
gen_hash=$(sha256sum "$root/bench/generate_corpus.py" | cut -c1-16)
stamp=$corpus_dir/$base.generator
if [[ ! -f $native_file || ! -f $json_file || ! -f $stamp || $(cat "$stamp") != "$gen_hash" ]]; then
  log "generating the corpus ($size MiB, seed $seed)"
  python3 "$root/bench/generate_corpus.py" --size-mb "$size" --seed "$seed" --out-dir "$corpus_dir" --name "$base" >&2
  echo "$gen_hash" >"$stamp"
fi

# 2. Our benchmarks, Release, no sanitizers, no tests.
log "building parse_bench and parse_peak_rss (Release) in $build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHCLSCHEMA_BUILD_BENCH=ON \
  -DHCLSCHEMA_BUILD_TESTS=OFF -DHCLSCHEMA_BUILD_FUZZ=OFF -DHCLSCHEMA_SANITIZE=OFF >/dev/null
cmake --build "$build" -j2 --target parse_bench parse_peak_rss >&2

# 3. The reference program, offline from Debian's Go packages.
ref_bin=$build/reference/hclbench
if [[ -z ${BENCH_SKIP_REFERENCE:-} ]]; then
  log "building the Go reference benchmark"
  mkdir -p "$build/reference"
  (cd "$root/bench/reference" && GO111MODULE=off GOPATH=/usr/share/gocode GOFLAGS= \
    GOCACHE=${GOCACHE:-$build/gocache} go build -o "$ref_bin" .)
fi

# 4. Run. One thing at a time: the machine has few cores and timings are sensitive to sharing.
stamp_now=$(date -u +%Y%m%dT%H%M%SZ)
out=$results_dir/$stamp_now
mkdir -p "$out"
log "load average before running: $(cut -d' ' -f1-3 /proc/loadavg)"
log "running parse_bench ($repetitions repetitions)"
"$build/bench/parse_bench" --native="$native_file" --json="$json_file" \
  --benchmark_repetitions="$repetitions" --benchmark_format=console \
  --benchmark_out="$out/ours.json" --benchmark_out_format=json >&2 || true
log "measuring our peak RSS"
"$build/bench/parse_peak_rss" native "$native_file" >"$out/ours_rss_native.json" || true
"$build/bench/parse_peak_rss" json "$json_file" >"$out/ours_rss_json.json" || true
if [[ -z ${BENCH_SKIP_REFERENCE:-} ]]; then
  log "running the reference ($ref_iterations iterations per syntax; about 5 s per native parse)"
  "$ref_bin" -n "$ref_iterations" -syntax native "$native_file" >"$out/reference_native.json" || true
  "$ref_bin" -n "$ref_iterations" -syntax json "$json_file" >"$out/reference_json.json" || true
fi
log "load average after running: $(cut -d' ' -f1-3 /proc/loadavg)"
log "raw results in $out"

# 5. The table.
python3 - "$out" <<'PY'
import json, os, statistics, sys

out = sys.argv[1]

def load(name):
    path = os.path.join(out, name)
    try:
        with open(path) as f:
            text = f.read().strip()
        return json.loads(text.splitlines()[-1] if not text.startswith("{\n") else text)
    except (OSError, ValueError, IndexError):
        return None

ours = load("ours.json")
bench = {}
if ours:
    for b in ours.get("benchmarks", []):
        if b.get("run_type") != "iteration":
            continue
        name = b.get("run_name", b["name"])
        entry = bench.setdefault(name, {"rates": [], "error": None})
        if b.get("error_occurred"):
            entry["error"] = b.get("error_message", "error")
        elif "bytes_per_second" in b:
            entry["rates"].append(b["bytes_per_second"] / 1e6)

def ours_rate(name):
    e = bench.get(name)
    if not e:
        return None, None, "not run"
    if e["error"]:
        return None, None, e["error"]
    if not e["rates"]:
        return None, None, "no figures"
    return max(e["rates"]), statistics.median(e["rates"]), None

def fmt(x, spec="{:.1f}"):
    return "-" if x is None else spec.format(x)

rows = []
for syntax, bname, rss_name, ref_name in [("native", "parse_native", "ours_rss_native.json", "reference_native.json"),
                                          ("json", "parse_json", "ours_rss_json.json", "reference_json.json")]:
    best, median, err = ours_rate(bname)
    base_best, _, _ = ours_rate("byte_classify/" + syntax)
    rss = load(rss_name)
    ref = load(ref_name)
    ref_best = ref.get("best_mb_s") if ref else None
    ref_median = ref.get("median_mb_s") if ref else None
    ratio = best / ref_best if best and ref_best else None
    rows.append({
        "syntax": syntax,
        "ours best/median MB/s": fmt(best) + " / " + fmt(median) if not err else "FAILED: " + err,
        "ceiling MB/s": fmt(base_best),
        "ref best/median MB/s": fmt(ref_best, "{:.2f}") + " / " + fmt(ref_median, "{:.2f}") if ref else "-",
        "ratio (>=50x)": fmt(ratio, "{:.0f}x"),
        "ours peak/input (<=3x)": (fmt(rss.get("total_growth_per_input_byte"), "{:.2f}x")
                                   + " (parse " + fmt(rss.get("parse_growth_per_input_byte"), "{:.2f}x") + ")") if rss and not rss.get("errors") else ("errors in parse" if rss else "-"),
        "ref RSS/input, alloc/input": (fmt(ref.get("rss_growth_per_input_byte"), "{:.0f}") + " B/B, "
                                       + fmt(ref.get("alloc_bytes_per_input_byte"), "{:.0f}") + " B/B") if ref else "-",
        "input MB": fmt((rss or ref or {}).get("input_bytes", 0) / 1e6, "{:.1f}"),
    })

cols = list(rows[0].keys())
widths = [max(len(c), *(len(r[c]) for r in rows)) for c in cols]
print(" | ".join(c.ljust(w) for c, w in zip(cols, widths)))
print("-+-".join("-" * w for w in widths))
for r in rows:
    print(" | ".join(r[c].ljust(w) for c, w in zip(cols, widths)))
print()
print("MB = 10^6 bytes. ours: Google Benchmark, best and median of repetitions; reference: best and median of")
print("timed parses. peak/input = (VmHWM after parse - VmRSS at start) / input size, input included;")
print("parse = (VmHWM - VmRSS after loading) / input. ref RSS/input = VmHWM growth of one parse in a fresh")
print("process; alloc/input = Go heap bytes allocated by one parse (runtime.MemStats.TotalAlloc).")
with open(os.path.join(out, "table.txt"), "w") as f:
    f.write(json.dumps(rows, indent=2) + "\n")
PY
