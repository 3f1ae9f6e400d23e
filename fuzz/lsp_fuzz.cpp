// libFuzzer target: the language server, two ways, chosen by how the input starts.
//
// - An input that starts with "Content-Length:" is a whole client session: framed JSON-RPC messages
//   run through the real loop (framing, dispatch, server, workspace), answers discarded. Whatever
//   the bytes, the loop must end with an exit code, never crash, hang or allocate without bound.
// - Any other input is the text of a configuration governed by the bundled example schema (through
//   a first-line `# schema:` comment): its diagnostics, symbols, and hover, completion and
//   definition at many offsets. Every byte range the workspace answers must lie inside the text
//   (the server turns them into positions; a range past the end is a wrong place in the editor).
//
// The workspace is made once and reused, as an editor session does: its schema cache is then warm.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>

#include "lsp/run_server.hpp"
#include "lsp/workspace.hpp"

#ifndef HCLSCHEMA_SOURCE_DIR
#error "HCLSCHEMA_SOURCE_DIR must name the source tree (for the example schema)"
#endif

namespace {

using namespace hclschema::lsp;

[[noreturn]] void fail(const char* what, std::size_t begin, std::size_t end, std::size_t size) {
  std::fprintf(stderr, "fuzz check failed: %s range [%zu, %zu) in a text of %zu bytes\n", what, begin, end, size);
  std::abort();
}

void check_range(const ByteRange& r, std::size_t size, const char* what) {
  if (r.begin > r.end || r.end > size) fail(what, r.begin, r.end, size);
}

void check_symbols(const std::vector<DocumentSymbolEntry>& symbols, std::size_t size) {
  for (const DocumentSymbolEntry& s : symbols) {
    check_range(s.range, size, "symbol");
    check_range(s.selection_range, size, "symbol name");
    check_symbols(s.children, size);
  }
}

// A session's bytes through the real loop. The root is a directory that does not exist, so no
// project file or module is found on disk; documents come from didOpen.
void serve(std::string_view data) {
  std::istringstream in{std::string(data)};
  std::ostringstream out;
  const int code = run_language_server(
      in, out, [](std::string) { return std::make_unique<Workspace>("/nonexistent-hclschema-fuzz"); }, "fuzz");
  if (code < 0 || code > 1) fail("exit code", static_cast<std::size_t>(code), 0, 0);
}

void query_document(std::string_view data) {
  static Workspace workspace("/nonexistent-hclschema-fuzz");
  static const std::string path = "/nonexistent-hclschema-fuzz/service.hcl";
  const std::string text = "# schema: " HCLSCHEMA_SOURCE_DIR "/examples/service.schema.hcl\n" + std::string(data);
  workspace.open(path, text);
  for (const DocumentDiagnostic& d : workspace.diagnostics(path)) check_range(d.range, text.size(), "diagnostic");
  check_symbols(workspace.document_symbols(path), text.size());
  // Every offset of a short text; a long one is sampled, so one input stays quick.
  const std::size_t step = text.size() <= 512 ? 1 : text.size() / 256;
  for (std::size_t offset = 0; offset <= text.size(); offset += step) {
    if (auto hover = workspace.hover(path, offset)) check_range(hover->range, text.size(), "hover");
    for (const CompletionEntry& e : workspace.completion(path, offset)) {
      if (!e.replace) continue;
      check_range(*e.replace, text.size(), "completion replace");
      if (e.replace->begin > offset || e.replace->end < offset) fail("completion replace around the cursor", e.replace->begin, e.replace->end, offset);
    }
    if (auto target = workspace.definition(path, offset)) {
      const auto target_text = workspace.text_of(target->path);
      if (!target_text) fail("definition in a file that cannot be read", target->range.begin, target->range.end, 0);
      check_range(target->range, target_text->size(), "definition");
    }
  }
  workspace.close(path);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (input.starts_with("Content-Length:"))
    serve(input);
  else
    query_document(input);
  return 0;
}
