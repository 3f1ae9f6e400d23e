#!/usr/bin/env bash
# Regenerates tests/golden/specsuite/expected.jsonl: HashiCorp's real cmd/hcldec (built offline from
# Debian's golang-github-hashicorp-hcl-v2-dev with Go, GOPATH mode) run over every test of HCL's spec
# suite (read in place) and every case under cases/ (run_reference.py says exactly what runs).
# specsuite_golden_test.cpp replays the same runs with our build/hcldec, so CI needs no Go.
# Generated file: do not edit by hand.
# Usage: tests/golden/specsuite/generate.sh [REFERENCE_HCLDEC]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
hcl_src=${HCLSCHEMA_HCL_SRC:-/usr/share/gocode/src/github.com/hashicorp/hcl/v2}
ref=${1:-$root/build/reference/hcldec}
if [[ ! -x $ref ]]; then
  mkdir -p "$(dirname "$ref")"
  (export GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE=${GOCACHE:-/tmp/hclschema-gocache}
   cd /tmp && go build -o "$ref" github.com/hashicorp/hcl/v2/cmd/hcldec)
fi
python3 "$here/run_reference.py" "$ref" "$hcl_src/specsuite/tests" "$here/cases" >"$here/expected.jsonl"
wc -l "$here/expected.jsonl"
