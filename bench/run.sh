#!/usr/bin/env bash
# Runs hclschema's benchmarks next to the reference implementation (Go HCL, go-cty) and prints tables.
#
#   bench/run.sh                       # 20 MiB corpus, Release build in build-bench/
#   BENCH_SIZE_MB=5 bench/run.sh       # smaller corpus for a quick look
#   BENCH_SKIP_REFERENCE=1 bench/run.sh  # ours only (reuses nothing: the reference is just not run)
#   BENCH_PARTS=eval,convert bench/run.sh  # only some of: parse (issue 2), eval (issue 3), convert (issue 4),
#                                          # validate (issue 5)
#
# Steps: generate the corpus (cached in build-bench/corpus/, keyed by size, seed and generator),
# build parse_bench and parse_peak_rss in Release, build the Go reference program offline from
# Debian's packages (GOPATH mode), run everything, save the raw JSON under build-bench/results/ and
# print ours vs reference. Not part of `make test`: it takes minutes and needs an idle machine.
#
# Environment: BENCH_SIZE_MB (20), BENCH_SEED (1), BENCH_REF_ITERATIONS (5), BENCH_REPETITIONS (5),
# BENCH_BUILD_DIR (build-bench), BENCH_SKIP_REFERENCE (unset), BENCH_PARTS (parse,eval,convert,validate),
# BENCH_CONVERT_OBJECTS (1000: VPC objects of 10 subnets each in the convert benchmark's value),
# BENCH_EVAL_ROUNDS (3: rounds of the eval benchmark, ours and the reference alternating),
# BENCH_EVAL_SUSTAINED (20: passes each eval round also times back to back, the reference's garbage
# collector left to run; 0 for none),
# BENCH_PGO (unset; when set, ours is built profile-guided, trained on evaluating another corpus:
# use another BENCH_BUILD_DIR, e.g. build-bench-pgo, to keep the plain build's objects).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BENCH_BUILD_DIR:-$root/build-bench}
size=${BENCH_SIZE_MB:-20}
seed=${BENCH_SEED:-1}
ref_iterations=${BENCH_REF_ITERATIONS:-5}
repetitions=${BENCH_REPETITIONS:-5}
parts=,${BENCH_PARTS:-parse,eval,convert,validate},
convert_objects=${BENCH_CONVERT_OBJECTS:-1000}
eval_rounds=${BENCH_EVAL_ROUNDS:-3}
eval_sustained=${BENCH_EVAL_SUSTAINED:-20}
want() { [[ $parts == *",$1,"* ]]; }
corpus_dir=$build/corpus
results_dir=$build/results
mkdir -p "$corpus_dir" "$results_dir"

log() { printf '[bench] %s\n' "$*" >&2; }

# 1. Corpus, regenerated when the generator changed.
gen_hash=$(sha256sum "$root/bench/generate_corpus.py" | cut -c1-16)
# The corpus of $1 MiB and seed $2 in $corpus_dir (its native file is $corpus_dir/corpus-<size>mb-seed<seed>.tf),
# made unless it is there and the generator has not changed since.
ensure_corpus() {
  local name=corpus-${1}mb-seed${2}
  local stamp=$corpus_dir/$name.generator
  if [[ ! -f $corpus_dir/$name.tf || ! -f $corpus_dir/$name.tf.json || ! -f $stamp || $(cat "$stamp") != "$gen_hash" ]]; then
    log "generating the corpus ($1 MiB, seed $2)"
    python3 "$root/bench/generate_corpus.py" --size-mb "$1" --seed "$2" --out-dir "$corpus_dir" --name "$name" >&2
    echo "$gen_hash" >"$stamp"
  fi
}
base=corpus-${size}mb-seed${seed}
native_file=$corpus_dir/$base.tf
json_file=$corpus_dir/$base.tf.json
ensure_corpus "$size" "$seed"
convert_type=$corpus_dir/convert-type.hcl
convert_value=$corpus_dir/convert-value-$convert_objects.hcl
convert_hash=$(sha256sum "$root/bench/generate_convert_input.py" | cut -c1-16)
convert_stamp=$convert_value.generator
if want convert && [[ ! -f $convert_type || ! -f $convert_value || ! -f $convert_stamp || $(cat "$convert_stamp") != "$convert_hash" ]]; then
  log "generating the convert benchmark's input ($convert_objects objects)"
  python3 "$root/bench/generate_convert_input.py" --objects "$convert_objects" --out-dir "$corpus_dir"
  echo "$convert_hash" >"$convert_stamp"
fi

schema_file=$corpus_dir/corpus.schema.hcl
spec_file=$corpus_dir/corpus.hcldec.hcl
if want validate; then
  log "writing the corpus's schema and hcldec spec"
  python3 "$root/bench/generate_corpus_schema.py" --out-dir "$corpus_dir" --name corpus >/dev/null
fi

# 2. Our benchmarks, Release, no sanitizers, no tests.
targets=()
want parse && targets+=(parse_bench parse_peak_rss)
want eval && targets+=(eval_bench)
want convert && targets+=(typeexpr_bench)
want validate && targets+=(schema_bench)
configure() {  # $1: the C++ flags of the Release build
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="$1" -DHCLSCHEMA_BUILD_BENCH=ON \
    -DHCLSCHEMA_BUILD_TESTS=OFF -DHCLSCHEMA_BUILD_FUZZ=OFF -DHCLSCHEMA_SANITIZE=OFF >/dev/null
}
release_flags="-O3 -DNDEBUG"
if [[ -n ${BENCH_PGO:-} ]]; then
  # Profile-guided: built instrumented, trained by evaluating a corpus of another seed (seed 7, 4
  # MiB: not the measured file), then built again with the profile. The same build directory both
  # times, so that each object finds its own profile. Only evaluation is trained; the code the
  # training does not run is optimized as without a profile (-fprofile-partial-training).
  profile_dir=$build/pgo-profile
  ensure_corpus 4 7
  train_file=$corpus_dir/corpus-4mb-seed7.tf
  rm -rf "$profile_dir"
  log "building eval_bench instrumented for profile-guided optimization in $build"
  configure "$release_flags -fprofile-generate=$profile_dir -fprofile-update=single"
  cmake --build "$build" -j2 --target eval_bench >&2
  log "training: eval_bench on $train_file"
  "$build/bench/eval_bench" --iterations=3 "$train_file" >/dev/null
  release_flags="$release_flags -fprofile-use=$profile_dir -fprofile-partial-training -Wno-missing-profile"
fi
log "building ${targets[*]} (Release${BENCH_PGO:+, profile-guided}) in $build"
configure "$release_flags"
cmake --build "$build" -j2 --target "${targets[@]}" >&2

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
echo "$release_flags" >"$out/release_flags.txt"
log "load average before running: $(cut -d' ' -f1-3 /proc/loadavg)"
if want parse; then
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
fi
if want eval; then
  # Rounds alternate ours and the reference, and each side's best round is the one reported: the
  # machine's speed drifts by a third over minutes (docs/performance.md, Machine), and back-to-back
  # blocks would give one side a slow stretch and the other a fast one.
  for ((round = 1; round <= eval_rounds; round++)); do
    dump_ours=() dump_ref=()
    if ((round == 1)); then dump_ours=(--dump="$out/ours_eval_dump.txt"); dump_ref=(-dump "$out/reference_eval_dump.txt"); fi
    log "round $round of $eval_rounds: eval_bench ($repetitions runs: every attribute of $native_file)"
    "$build/bench/eval_bench" --iterations="$repetitions" --sustained="$eval_sustained" "${dump_ours[@]}" "$native_file" >"$out/ours_eval.round$round.json" || true
    if [[ -z ${BENCH_SKIP_REFERENCE:-} ]]; then
      log "round $round of $eval_rounds: the reference eval benchmark ($ref_iterations runs)"
      "$ref_bin" -bench eval -n "$ref_iterations" -sustained "$eval_sustained" "${dump_ref[@]}" "$native_file" >"$out/reference_eval.round$round.json" || true
    fi
  done
  python3 "$root/bench/best_round.py" "$out/ours_eval.json" "$out"/ours_eval.round*.json
  [[ -n ${BENCH_SKIP_REFERENCE:-} ]] || python3 "$root/bench/best_round.py" "$out/reference_eval.json" "$out"/reference_eval.round*.json
fi
if want convert; then
  log "running typeexpr_bench ($repetitions runs: $convert_value)"
  "$build/bench/typeexpr_bench" --iterations="$repetitions" --dump="$out/ours_convert_dump.json" "$convert_type" "$convert_value" >"$out/ours_convert.json" || true
  if [[ -z ${BENCH_SKIP_REFERENCE:-} ]]; then
    log "running the reference convert benchmark ($ref_iterations runs)"
    "$ref_bin" -bench convert -n "$ref_iterations" -dump "$out/reference_convert_dump.json" "$convert_type" "$convert_value" >"$out/reference_convert.json" || true
  fi
fi
if want validate; then
  for syntax in native json; do
    file=$native_file
    [[ $syntax == json ]] && file=$json_file
    log "running schema_bench ($repetitions runs, $syntax: $file against $schema_file)"
    "$build/bench/schema_bench" --iterations="$repetitions" --syntax=$syntax "$schema_file" "$file" >"$out/ours_validate_$syntax.json" || true
    log "running schema_bench --decode ($repetitions runs, $syntax: the decoded value built too)"
    "$build/bench/schema_bench" --iterations="$repetitions" --syntax=$syntax --decode "$schema_file" "$file" >"$out/ours_decode_$syntax.json" || true
    if [[ -z ${BENCH_SKIP_REFERENCE:-} ]]; then
      log "running the reference validate benchmark ($ref_iterations runs, $syntax: hcldec.Decode with $spec_file)"
      "$ref_bin" -bench validate -syntax $syntax -n "$ref_iterations" "$spec_file" "$file" >"$out/reference_validate_$syntax.json" || true
    fi
  done
fi
log "load average after running: $(cut -d' ' -f1-3 /proc/loadavg)"
log "raw results in $out"

# 5. The table: one column per syntax, one row per figure.
python3 - "$out" <<'PY'
import json, os, statistics, sys

out = sys.argv[1]

def load(name):
    try:
        with open(os.path.join(out, name)) as f:
            text = f.read().strip()
        return json.loads(text) if text.startswith("{\n") else json.loads(text.splitlines()[-1])
    except (OSError, ValueError, IndexError):
        return None

UNIT = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
runs = {}
ours = load("ours.json")
for b in (ours or {}).get("benchmarks", []):
    if b.get("run_type") != "iteration":
        continue
    e = runs.setdefault(b.get("run_name", b["name"]).replace("/real_time", ""), {"wall": [], "cpu": [], "error": None})
    if b.get("error_occurred"):
        e["error"] = b.get("error_message", "error")
        continue
    size = b.get("bytes_per_second", 0) * b["real_time"] * UNIT[b.get("time_unit", "ns")]
    e["wall"].append(size / (b["real_time"] * UNIT[b.get("time_unit", "ns")]) / 1e6)
    e["cpu"].append(size / (b["cpu_time"] * UNIT[b.get("time_unit", "ns")]) / 1e6)

def f(x, spec="{:.1f}"):
    return "-" if x is None else spec.format(x)

if runs or load("reference_native.json"):
    table = {}
    for syntax in ("native", "json"):
        col = {}
        e = runs.get("parse_" + syntax)
        base = runs.get("byte_classify/" + syntax)
        ref = load("reference_%s.json" % syntax)
        rss = load("ours_rss_%s.json" % syntax)
        ok = e and not e["error"] and e["wall"]
        wall_best = max(e["wall"]) if ok else None
        cpu_best = max(e["cpu"]) if ok else None
        col["input MB"] = f(((rss or ref or {}).get("input_bytes") or 0) / 1e6)
        col["ours MB/s wall best / median"] = (f(wall_best) + " / " + f(statistics.median(e["wall"]))) if ok else ("FAILED: " + e["error"] if e else "not run")
        col["ours MB/s cpu best"] = f(cpu_best)
        col["ref MB/s wall best / median"] = (f(ref["best_mb_s"], "{:.2f}") + " / " + f(ref["median_mb_s"], "{:.2f}")) if ref else "-"
        col["ref MB/s cpu best"] = f(ref.get("best_cpu_mb_s"), "{:.2f}") if ref else "-"
        col["ratio wall, best/best (>= 50x)"] = f(wall_best / ref["best_mb_s"], "{:.1f}x") if ok and ref else "-"
        col["ratio cpu, best/best"] = f(cpu_best / ref["best_cpu_mb_s"], "{:.1f}x") if ok and ref and ref.get("best_cpu_mb_s") else "-"
        lex = runs.get("lex_native" if syntax == "native" else "scan_json")
        col["lexer alone MB/s wall / cpu"] = (f(max(lex["wall"])) + " / " + f(max(lex["cpu"]))) if lex and lex["wall"] else "-"
        col["ceiling (byte loop) MB/s wall / cpu"] = (f(max(base["wall"])) + " / " + f(max(base["cpu"]))) if base and base["wall"] else "-"
        col["ours peak / input (<= 3x)"] = (f(rss["total_growth_per_input_byte"], "{:.2f}x") + " (parse alone " + f(rss["parse_growth_per_input_byte"], "{:.2f}x") + ")") if rss and not rss.get("errors") else ("parse errors" if rss else "-")
        col["ref RSS growth / input"] = f(ref.get("rss_growth_per_input_byte"), "{:.0f}x") if ref else "-"
        col["ref Go heap alloc / input"] = f(ref.get("alloc_bytes_per_input_byte"), "{:.0f}x") if ref else "-"
        table[syntax] = col

    names = list(table["native"].keys())
    w0 = max(len(n) for n in names)
    w = {s: max(len(s), *(len(table[s][n]) for n in names)) for s in table}
    print("figure".ljust(w0) + " | " + " | ".join(s.ljust(w[s]) for s in table))
    print("-" * w0 + "-+-" + "-+-".join("-" * w[s] for s in table))
    for n in names:
        print(n.ljust(w0) + " | " + " | ".join(table[s][n].ljust(w[s]) for s in table))
    print()
    print("MB = 10^6 bytes. ours: Google Benchmark repetitions; ref: timed parses of the Go reference.")
    print("wall = elapsed time; cpu = CPU time (for the reference: the whole process, GC workers included).")
    print("ours peak / input = (VmHWM after one parse - VmRSS at start) / input, input and line table included;")
    print("parse alone = (VmHWM - VmRSS after loading) / input. ref RSS growth = VmHWM growth of one parse in a")
    print("fresh process; ref Go heap alloc = bytes allocated by one parse (runtime.MemStats.TotalAlloc).")
    with open(os.path.join(out, "table.json"), "w") as fh:
        json.dump(table, fh, indent=2)

def dump_diff(ours_name, ref_name):
    """Lines that differ between our dump and the reference's; both dumps deleted when equal."""
    a_path, b_path = os.path.join(out, ours_name), os.path.join(out, ref_name)
    try:
        with open(a_path, encoding="utf-8", errors="replace") as fa, open(b_path, encoding="utf-8", errors="replace") as fb:
            a, b = fa.read().splitlines(), fb.read().splitlines()
    except OSError:
        return None
    differ = sum(1 for x, y in zip(a, b) if x != y) + abs(len(a) - len(b))
    if differ == 0:
        os.remove(a_path)
        os.remove(b_path)
    return differ

def ratio(ours_s, ref_s):
    return f(ref_s / ours_s, "{:.1f}x") if ours_s and ref_s else "-"

rows = []
oe, re_ = load("ours_eval.json"), load("reference_eval.json")
if oe or re_:
    diff = dump_diff("ours_eval_dump.txt", "reference_eval_dump.txt")
    o, r = oe or {}, re_ or {}
    rows.append(("eval: attributes (bytes covered)", "%s (%s)" % (o.get("attributes", "-"), o.get("attribute_bytes", "-")), "%s (%s)" % (r.get("attributes", "-"), r.get("attribute_bytes", "-")), ""))
    rows.append(("eval: error attributes / known / unknown", "%s / %s / %s" % (o.get("error_attributes"), o.get("known_results"), o.get("unknown_results")), "%s / %s / %s" % (r.get("error_attributes"), r.get("known_results"), r.get("unknown_results")), ""))
    rows.append(("eval: results differing (digest)", "%s (%s)" % (diff, o.get("digest")), "(%s)" % r.get("digest"), ""))
    rows.append(("eval: MB/s wall, best / median", f(o.get("best_mb_s")) + " / " + f(o.get("median_mb_s")), f(r.get("best_mb_s")) + " / " + f(r.get("median_mb_s")), ratio(o.get("best_seconds"), r.get("best_seconds")) + " (>= 20x)"))
    rows.append(("eval: MB/s cpu, best", f(o.get("best_cpu_mb_s")), f(r.get("best_cpu_mb_s")), ratio(o.get("best_cpu_seconds"), r.get("best_cpu_seconds"))))
    rounds_of = lambda d, k: " ".join(f(x, "{:.3f}") for x in d.get(k) or []) or "-"
    rounds = lambda d: rounds_of(d, "round_best_seconds")
    rows.append(("eval: best seconds of each round (alternating)", rounds(o), rounds(r), ""))
    rows.append(("eval: garbage collections during those timed runs", "-", str(r.get("gc_cycles_in_timed_runs", "-")), ""))
    rows.append(("eval: attributes/s wall, best", f(o.get("best_attributes_per_s"), "{:,.0f}"), f(r.get("best_attributes_per_s"), "{:,.0f}"), ""))
    # Sustained: passes back to back, the reference's garbage collector left to run (the runs above
    # start each pass just after a forced collection and never include one; see eval.go).
    # MB/s of the bytes under `size` (all attributes, or the error-free ones) in the seconds under `k`.
    mb_s = lambda x, size, k: (x.get(size, 0) / 1e6 / x[k]) if x.get(k) else None
    per_pass = lambda x, k: mb_s(x, "attribute_bytes", k)
    gc = " (%s collections in %s passes, live heap %s MB)" % (r.get("sustained_gc_cycles"), r.get("sustained_passes"), f((r.get("live_heap_bytes") or 0) / 1e6, "{:.0f}")) if r.get("sustained_passes") else ""
    rows.append(("eval, sustained (passes back to back, GC included): MB/s wall / cpu, best round", f(per_pass(o, "sustained_seconds_per_pass")) + " / " + f(per_pass(o, "sustained_cpu_seconds_per_pass")),
                 f(per_pass(r, "sustained_seconds_per_pass")) + " / " + f(per_pass(r, "sustained_cpu_seconds_per_pass")) + gc,
                 ratio(o.get("sustained_seconds_per_pass"), r.get("sustained_seconds_per_pass")) + " wall, " + ratio(o.get("sustained_cpu_seconds_per_pass"), r.get("sustained_cpu_seconds_per_pass")) + " cpu"))
    rows.append(("eval, sustained: seconds per pass of each round", rounds_of(o, "sustained_round_seconds"), rounds_of(r, "sustained_round_seconds"), ""))
    mbs = lambda x, k: mb_s(x, "ok_attribute_bytes", k)
    rows.append(("eval, error-free attributes only (%s): MB/s wall / cpu, best" % o.get("ok_attributes", "-"), f(mbs(o, "ok_best_seconds")) + " / " + f(mbs(o, "ok_best_cpu_seconds")), f(mbs(r, "ok_best_seconds")) + " / " + f(mbs(r, "ok_best_cpu_seconds")), ratio(o.get("ok_best_seconds"), r.get("ok_best_seconds")) + " wall, " + ratio(o.get("ok_best_cpu_seconds"), r.get("ok_best_cpu_seconds")) + " cpu"))
oc, rc = load("ours_convert.json"), load("reference_convert.json")
if oc or rc:
    diff = dump_diff("ours_convert_dump.json", "reference_convert_dump.json")
    o, r = oc or {}, rc or {}
    rows.append(("convert: objects in the result", str(o.get("objects", "-")), str(r.get("objects", "-")), ""))
    rows.append(("convert: result differs? (digest)", ("no" if diff == 0 else "YES" if diff else "-") + " (%s)" % o.get("digest"), "(%s)" % r.get("digest"), ""))
    rows.append(("convert: ms per run wall, best / median", f(o.get("best_seconds", 0) * 1e3) + " / " + f(o.get("median_seconds", 0) * 1e3), f(r.get("best_seconds", 0) * 1e3) + " / " + f(r.get("median_seconds", 0) * 1e3), ratio(o.get("best_seconds"), r.get("best_seconds")) + " (>= 20x)"))
    rows.append(("convert: ms per run cpu, best", f(o.get("best_cpu_seconds", 0) * 1e3), f(r.get("best_cpu_seconds", 0) * 1e3), ratio(o.get("best_cpu_seconds"), r.get("best_cpu_seconds"))))
    rows.append(("convert: objects/s wall, best", f(o.get("best_objects_per_s"), "{:,.0f}"), f(r.get("best_objects_per_s"), "{:,.0f}"), ""))
for syntax in ("native", "json"):
    ov, rv = load("ours_validate_%s.json" % syntax), load("reference_validate_%s.json" % syntax)
    if not (ov or rv):
        continue
    o, r = ov or {}, rv or {}
    p = "validate %s: " % syntax
    rows.append((p + "input MB / locals / errors", "%s / %s / %s" % (f((o.get("input_bytes") or 0) / 1e6), o.get("locals", "-"), o.get("errors", "-")),
                 "%s / %s / %s" % (f((r.get("input_bytes") or 0) / 1e6), r.get("locals", "-"), r.get("errors", "-")), ""))
    rows.append((p + "parse+validate s wall, best / median", f(o.get("best_seconds"), "{:.3f}") + " / " + f(o.get("median_seconds"), "{:.3f}"),
                 f(r.get("best_seconds"), "{:.3f}") + " / " + f(r.get("median_seconds"), "{:.3f}"), ratio(o.get("best_seconds"), r.get("best_seconds")) + " (>= 20x)"))
    rows.append((p + "parse+validate s cpu, best", f(o.get("best_cpu_seconds"), "{:.3f}"), f(r.get("best_cpu_seconds"), "{:.3f}"), ratio(o.get("best_cpu_seconds"), r.get("best_cpu_seconds"))))
    rows.append((p + "MB/s wall / cpu, best", f(o.get("best_mb_s")) + " / " + f(o.get("best_cpu_mb_s")), f(r.get("best_mb_s"), "{:.2f}") + " / " + f(r.get("best_cpu_mb_s"), "{:.2f}"), ""))
    rows.append((p + "validate alone s wall / cpu, best", f(o.get("validate_best_seconds"), "{:.3f}") + " / " + f(o.get("validate_best_cpu_seconds"), "{:.3f}"),
                 f(r.get("validate_best_seconds"), "{:.3f}") + " / " + f(r.get("validate_best_cpu_seconds"), "{:.3f}"),
                 ratio(o.get("validate_best_seconds"), r.get("validate_best_seconds")) + " wall, " + ratio(o.get("validate_best_cpu_seconds"), r.get("validate_best_cpu_seconds")) + " cpu"))
    od = load("ours_decode_%s.json" % syntax) or {}
    if od:
        rows.append((p + "ours with decode(): parse+decode s wall / cpu, best", f(od.get("best_seconds"), "{:.3f}") + " / " + f(od.get("best_cpu_seconds"), "{:.3f}"),
                     f(r.get("best_seconds"), "{:.3f}") + " / " + f(r.get("best_cpu_seconds"), "{:.3f}"),
                     ratio(od.get("best_seconds"), r.get("best_seconds")) + " wall, " + ratio(od.get("best_cpu_seconds"), r.get("best_cpu_seconds")) + " cpu"))
if rows:
    head = ("figure", "ours", "reference", "ratio ours/ref")
    w = [max(len(x[i]) for x in rows + [head]) for i in range(4)]
    print()
    print(" | ".join(head[i].ljust(w[i]) for i in range(4)))
    print("-+-".join("-" * w[i] for i in range(4)))
    for row in rows:
        print(" | ".join(row[i].ljust(w[i]) for i in range(4)))
    print()
    print("eval: every attribute of the corpus (blocks at any depth), parsed outside the timing; MB = 10^6 bytes")
    print("of attribute expression source. convert: Defaults.Apply + convert.Convert of the whole value.")
    print("validate: parse + locals evaluated + the rest validated against corpus.schema.hcl (ours) or decoded")
    print("with hcldec and corpus.hcldec.hcl (reference); 'alone' = without the parse.")
    try:
        print("ours built with: " + open(os.path.join(out, "release_flags.txt")).read().strip())
    except OSError:
        pass
    print("ratio = reference time / our time, best against best. Dumps are kept in the results directory")
    print("when the results differ.")
    with open(os.path.join(out, "table_eval_convert.json"), "w") as fh:
        json.dump(rows, fh, indent=2)
PY
