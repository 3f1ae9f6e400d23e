#!/usr/bin/env bash
# Regenerates tests/golden/docs/expected/ with the built `hclschema docs`. These are our own
# outputs, not a reference implementation's: review every change by eye before committing it
# (and look at the HTML in a browser: scripts/docs-screenshot).
#
#   examples/service.schema.hcl                     -> service.schema.md, service.schema.html
#   examples/inputs/app.inputs.hcl                  -> app.inputs.md, app.inputs.html
#   the corpus module Azure__terraform-azurerm-avm-res-network-virtualnetwork (read in place from
#   ../shared/corpus beside the repository, or $HCLSCHEMA_CORPUS) -> virtualnetwork.md, virtualnetwork.html
#
# Usage: tests/golden/docs/generate.sh [HCLSCHEMA_BINARY]   (default: build/hclschema)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bin=$(realpath "${1:-$root/build/hclschema}")
out=$here/expected
mkdir -p "$out"

cd "$root"
for format in markdown html; do
  ext=$([[ $format == markdown ]] && echo md || echo html)
  "$bin" docs --format "$format" examples/service.schema.hcl >"$out/service.schema.$ext"
  "$bin" docs --format "$format" examples/inputs/app.inputs.hcl >"$out/app.inputs.$ext"
done

corpus=${HCLSCHEMA_CORPUS:-$root/../shared/corpus}
module=Azure__terraform-azurerm-avm-res-network-virtualnetwork
if [[ -d $corpus/$module ]]; then
  # From inside the corpus, so the output names the module the same wherever the corpus lives.
  cd "$corpus"
  "$bin" docs --module "$module" >"$out/virtualnetwork.md"
  "$bin" docs --module "$module" --format html >"$out/virtualnetwork.html"
else
  echo "generate.sh: no corpus module at $corpus/$module; its expectations were not regenerated" >&2
fi
echo "generated $(ls "$out" | wc -l) files under $out"
