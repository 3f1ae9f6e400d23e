// What the schema and inputs fuzz targets do with an error-free result: document it (src/docs/) in
// both formats. Beyond "no crash": text from the input never reaches the HTML page as markup (the
// renderer never writes a <script> or an <iframe>, so one in the page came from the input unescaped).
#pragma once

#include <string>

#include "docs/document.hpp"
#include "docs/html_renderer.hpp"
#include "docs/markdown_renderer.hpp"
#include "fuzz_checks.hpp"

namespace hclschema::fuzz {

inline void check_docs(const docs::Document& doc) {
  (void)docs::render_markdown(doc);
  const std::string html = docs::render_html(doc);
  for (const char* tag : {"<script", "<iframe", "<SCRIPT"})
    if (html.find(tag) != std::string::npos) fail("input text reached the docs page as markup", tag);
}

}  // namespace hclschema::fuzz
