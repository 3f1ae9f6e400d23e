#!/usr/bin/env bash
# Builds the reference program offline from Debian's Go packages (GOPATH mode, no module proxy).
# Output: build/reference/reference (or $1). Needs: golang-go golang-github-hashicorp-hcl-v2-dev
# golang-github-zclconf-go-cty-dev (scripts/install-deps --reference installs them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../../build/reference/reference}
mkdir -p "$(dirname "$out")"
export GO111MODULE=off GOPATH=/usr/share/gocode GOFLAGS=-mod=mod GOCACHE=${GOCACHE:-/tmp/hclschema-gocache}
unset GOFLAGS
cd "$here"
go build -o "$out" .
