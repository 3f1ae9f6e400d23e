// TemplateBuffer (src/eval/template_buffers.hpp): a block given back is kept for the thread's next
// template, which starts empty in it; growing keeps the text; nested templates each get a block of
// their own; a block grown past the kept capacity, or one past the count kept, goes to the heap. Through evaluate(): templates that
// follow one another, nest, or outgrow the buffer each give their own text.
#include "eval/template_buffers.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "hclschema/eval.hpp"
#include "hclschema/functions.hpp"
#include "hclschema/value.hpp"

namespace hclschema::eval_detail {
namespace {

TEST(TemplateBuffers, ABlockGivenBackIsKeptAndReusedEmpty) {
  if (max_kept_template_buffers() == 0) GTEST_SKIP() << "blocks are not kept under AddressSanitizer";
  const char* first_data = nullptr;
  size_t capacity = 0;
  {
    TemplateBuffer text;
    text.append(std::string(100, 'x'));
    EXPECT_EQ(text.text(), std::string(100, 'x'));
    first_data = text.data();
    capacity = text.capacity();
  }
  TemplateBuffer again;
  EXPECT_EQ(again.size(), 0u);
  EXPECT_EQ(again.text(), "");
  EXPECT_EQ(again.capacity(), capacity);  // the same block, not a new allocation
  EXPECT_EQ(again.data(), first_data);
}

TEST(TemplateBuffers, GrowingKeepsTheTextAppendedSoFar) {
  TemplateBuffer text;
  std::string expected;
  for (int i = 0; i < 300; ++i) {
    const std::string piece(static_cast<size_t>(i % 7), static_cast<char>('a' + i % 26));
    text.append(piece);
    expected += piece;
    ASSERT_EQ(text.text(), expected) << i;
  }
  text.append("");
  EXPECT_EQ(text.text(), expected);
  text.reserve(expected.size() + 10000);
  EXPECT_GE(text.capacity(), expected.size() + 10000);
  EXPECT_EQ(text.text(), expected);
}

TEST(TemplateBuffers, NestedTemplatesHoldBuffersOfTheirOwn) {
  TemplateBuffer outer;
  outer.append("outer");
  {
    TemplateBuffer inner;
    EXPECT_EQ(inner.size(), 0u);
    inner.append("inner");
    EXPECT_TRUE(inner.data() != outer.data());
  }
  EXPECT_EQ(outer.text(), "outer");
}

TEST(TemplateBuffers, LargeBlocksAndSurplusBlocksAreNotKept) {
  if (max_kept_template_buffers() == 0) GTEST_SKIP() << "blocks are not kept under AddressSanitizer";
  const size_t before = kept_template_buffers();
  {
    TemplateBuffer big;
    big.reserve(max_kept_template_capacity() + 1);
  }
  EXPECT_LE(kept_template_buffers(), before);  // taken from the list (if any was there), not put back
  {
    std::vector<std::unique_ptr<TemplateBuffer>> many;
    for (size_t i = 0; i < max_kept_template_buffers() + 5; ++i) {
      many.push_back(std::make_unique<TemplateBuffer>());
      many.back()->append("text");  // a block of its own
    }
  }
  EXPECT_EQ(kept_template_buffers(), max_kept_template_buffers());
}

TEST(TemplateBuffers, ANewThreadKeepsItsFirstBlockAndDrainsItAtItsEnd) {
  if (max_kept_template_buffers() == 0) GTEST_SKIP() << "blocks are not kept under AddressSanitizer";
  size_t kept_in_thread = 0, kept_again = 0;
  bool reused = false;
  std::thread([&] {
    const char* first = nullptr;
    {
      TemplateBuffer text;
      text.append("the thread's first template");
      first = text.data();
    }
    kept_in_thread = kept_template_buffers();
    TemplateBuffer again;
    again.append("x");
    reused = again.data() == first;
    kept_again = kept_template_buffers();
  }).join();  // the thread's end frees the block (LeakSanitizer would tell otherwise)
  EXPECT_EQ(kept_in_thread, 1u);
  EXPECT_TRUE(reused);
  EXPECT_EQ(kept_again, 0u);
}

std::string evaluated_text(const std::string& source, const EvalContext& ctx) {
  const ParsedExpression parsed = parse_expression(source, "t.hcl");
  EXPECT_FALSE(has_errors(parsed.diagnostics)) << source;
  if (!parsed.expr) return "<no expression>";
  const EvalResult r = evaluate(*parsed.expr, &ctx);
  EXPECT_FALSE(has_errors(r.diagnostics)) << source;
  if (!r.value.is_known() || r.value.is_null() || r.value.type() != Type::string()) return "<not a known string>";
  return r.value.as_string();
}

TEST(TemplateBuffers, TemplatesGiveTheirOwnTextWhateverCameBefore) {
  EvalContext ctx;
  ctx.set_variable("n", Value::number(Number(int64_t{7})));
  ctx.set_variable("long", Value::string(std::string(5000, 'L')));
  ctx.set_function("upper", standard_functions().at("upper"));
  // A long text, then shorter ones in the buffer it left (and one past the kept capacity).
  EXPECT_EQ(evaluated_text("\"${long}!\"", ctx), std::string(5000, 'L') + "!");
  EXPECT_EQ(evaluated_text("\"abcdefghijklmnopqrstuvwxyz-${n}\"", ctx), "abcdefghijklmnopqrstuvwxyz-7");
  EXPECT_EQ(evaluated_text("\"a${n}\"", ctx), "a7");
  // Nested: the inner template's text must not land in the outer one's buffer.
  EXPECT_EQ(evaluated_text("\"<${upper(\"x${n}y\")}>${n}\"", ctx), "<X7Y>7");
  EXPECT_EQ(evaluated_text("\"${\"${\"${n}\"}\"}-${n}\"", ctx), "7-7");
  // The text is still put in NFC: an "e" and a combining acute accent joined across parts.
  EXPECT_EQ(evaluated_text("\"caf${\"e\"}\u0301 ${n}\"", ctx), "caf\u00e9 7");
  // The value keeps its text after the buffer is reused.
  const ParsedExpression first = parse_expression("\"first-${n}\"", "t.hcl");
  const EvalResult kept = evaluate(*first.expr, &ctx);
  EXPECT_EQ(evaluated_text("\"second-${n}-and-longer\"", ctx), "second-7-and-longer");
  EXPECT_EQ(kept.value.as_string(), "first-7");
}

TEST(TemplateBuffers, ATemplateWhoseFirstPartIsUnknownTakesNoBuffer) {
  // Its text is dropped (the value is an unknown string), so no block is taken for it: on a fresh
  // thread none is kept after it, where a known template leaves its block kept. What follows the
  // unknown is still evaluated (a null interpolation is still an error).
  EvalContext ctx;
  ctx.set_variable("n", Value::number(Number(int64_t{7})));
  ctx.set_variable("u", Value::unknown(Type::string()));
  ctx.set_variable("nothing", Value::null(Type::string()));
  size_t kept_after_unknown = 99, kept_after_known = 99;
  bool unknown_string = false;
  size_t errors_after_unknown = 0;
  std::thread([&] {
    const ParsedExpression unknown_first = parse_expression("\"${u}-${n}-suffix\"", "t.hcl");
    const EvalResult r = evaluate(*unknown_first.expr, &ctx);
    unknown_string = !r.value.is_known() && r.value.type() == Type::string() && r.diagnostics.empty();
    kept_after_unknown = kept_template_buffers();
    const ParsedExpression null_after = parse_expression("\"${u}-${nothing}\"", "t.hcl");
    errors_after_unknown = evaluate(*null_after.expr, &ctx).diagnostics.size();
    EXPECT_EQ(evaluated_text("\"a${n}\"", ctx), "a7");
    kept_after_known = kept_template_buffers();
  }).join();
  EXPECT_TRUE(unknown_string);
  EXPECT_EQ(kept_after_unknown, 0u);
  EXPECT_EQ(errors_after_unknown, 1u);
  // (Under AddressSanitizer no block is kept at all: the known template's is freed too.)
  EXPECT_EQ(kept_after_known, max_kept_template_buffers() > 0 ? 1u : 0u);
}

}  // namespace
}  // namespace hclschema::eval_detail
