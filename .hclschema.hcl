# Which schema governs which file when this repository is opened in an editor running
# `hclschema lsp` (docs/lsp-workspace.md). Paths and globs are relative to this directory.
schema "examples/service.schema.hcl" {
  files = ["examples/service*.hcl"]
}
