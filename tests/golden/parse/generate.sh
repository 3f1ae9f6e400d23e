#!/usr/bin/env bash
# Regenerates the parser golden files (tests/golden/parse/expected/*.jsonl) with the reference
# program (tools/reference, HashiCorp's Go HCL 2.14 from Debian). Needs Go and the Debian HCL/cty
# packages (scripts/install-deps --reference). The outputs are committed so CI needs no Go.
#
# Each input is parsed from a fixed working directory so the file names inside the dumps are
# stable: the spec suite relative to the HCL sources, the corpus relative to its folder (used in
# place, never copied into the repository), our own inputs relative to this folder.
#
# Namespaced function calls (`provider::ns::fn(...)`, today's HCL) do not exist in HCL 2.14. For
# inputs that use them (all of inputs-modern/, and the corpus files that contain such calls) the
# expected tree is derived: every `::` becomes `__` (same length, so every range is unchanged), the
# reference parses that, and the function names in the dump get their `::` back. Such files must
# contain no `__` of their own and no `::` outside function names; the script checks both.
#
# Usage: tests/golden/parse/generate.sh   (env: HCL_SRC, HCLSCHEMA_CORPUS_DIR override locations)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
hcl_src=${HCL_SRC:-/usr/share/gocode/src/github.com/hashicorp/hcl/v2}
corpus=${HCLSCHEMA_CORPUS_DIR:-$root/../shared/corpus}
out=$here/expected
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ref=$work/reference
export LC_ALL=C

bash "$root/tools/reference/build.sh" "$ref"
mkdir -p "$out"

# dump DIR < LIST: one golden line per file named in LIST (paths relative to DIR).
dump() {
  (cd "$1" && xargs -r -d '\n' "$ref" parse --deep --golden)
}

# A namespaced function call's name and opening parenthesis.
call_re='[A-Za-z_][A-Za-z0-9_-]*(::[A-Za-z_][A-Za-z0-9_-]*)+ *\('

# dump_modern DIR < LIST: like dump, for files with namespaced function calls (see above).
dump_modern() {
  local dir=$1 tmp=$work/modern f calls colons
  rm -rf "$tmp" && mkdir -p "$tmp"
  while IFS= read -r f; do
    if grep -q '__' "$dir/$f"; then
      echo "generate.sh: $f contains '__': cannot derive its namespaced-call tree" >&2
      exit 1
    fi
    colons=$(grep -o '::' "$dir/$f" | wc -l)
    calls=$(grep -oE "$call_re" "$dir/$f" | grep -o '::' | wc -l)
    if [ "$colons" != "$calls" ]; then
      echo "generate.sh: $f has '::' outside function names: cannot derive its tree" >&2
      exit 1
    fi
    mkdir -p "$tmp/$(dirname "$f")"
    sed 's/::/__/g' "$dir/$f" > "$tmp/$f"
    echo "$f"
  done | dump "$tmp" | sed -e ':a' -e 's/\("kind":"FunctionCallExpr","name":"[^"]*\)__/\1::/' -e 'ta'
}

# write NAME: moves $work/NAME into expected/ and reports.
write() {
  mv "$work/$1" "$out/$1"
  echo "$(wc -l < "$out/$1") files -> tests/golden/parse/expected/$1"
}

# (a) the HCL spec suite's native-syntax files
(cd "$hcl_src" && find specsuite/tests -type f -name '*.hcl' | sort) | dump "$hcl_src" > "$work/specsuite.jsonl"
write specsuite.jsonl

# (b) the shared corpus: every file of its source folders (README.md and NOTICE are not HCL)
if [ -d "$corpus" ]; then
  (cd "$corpus" && find . -mindepth 2 -type f | sed 's|^\./||' | sort) > "$work/corpus.list"
  (cd "$corpus" && xargs -d '\n' grep -lE "$call_re" < "$work/corpus.list" || true) | sort > "$work/corpus-modern.list"
  comm -23 "$work/corpus.list" "$work/corpus-modern.list" | dump "$corpus" > "$work/corpus.jsonl"
  dump_modern "$corpus" < "$work/corpus-modern.list" >> "$work/corpus.jsonl"
  echo "corpus files with namespaced calls (derived trees): $(wc -l < "$work/corpus-modern.list")"
  write corpus.jsonl
else
  echo "generate.sh: corpus not found at $corpus: keeping the existing corpus.jsonl" >&2
fi

# (c) our own inputs, and (d) inputs-modern/ (namespaced calls, derived trees)
(cd "$here" && find inputs -type f | sort) | dump "$here" > "$work/inputs.jsonl"
write inputs.jsonl
(cd "$here" && find inputs-modern -type f -name '*.hcl' | sort) | dump_modern "$here" > "$work/inputs-modern.jsonl"
write inputs-modern.jsonl
