// FunctionCallExpr keeps no name of its own when the name is the source text at its span (every
// plain name, and a namespaced one written without spaces), only a rebuilt namespaced name after
// the node; its open parenthesis is a one-byte position. Both must read back as written.
#include <gtest/gtest.h>

#include <string>

#include "hclschema/native/ast.hpp"
#include "hclschema/parse.hpp"

namespace hclschema {
namespace {

using native::FunctionCallExpr;
using native::NodeKind;

struct Call {
  ParseResult parsed;
  const FunctionCallExpr* call = nullptr;
};

Call parse_call(const std::string& rhs) {
  Call c{parse_native(SourceFile::from_string("call.hcl", "x = " + rhs + "\n")), nullptr};
  EXPECT_TRUE(c.parsed.diagnostics.empty()) << rhs;
  const native::Expr* e = c.parsed.file->native_body()->attributes()[0].expr;
  EXPECT_EQ(e->kind, NodeKind::function_call) << rhs;
  c.call = static_cast<const FunctionCallExpr*>(e);
  return c;
}

TEST(FunctionCallLayout, NamesReadFromTheSourceOrStoredAfterTheNode) {
  const struct {
    const char* rhs;
    const char* name;
    bool in_source;
  } cases[] = {
      {"upper(\"a\")", "upper", true},
      {"provider::aws::arn_parse(\"a\")", "provider::aws::arn_parse", true},
      {"provider :: aws :: arn_parse(\"a\")", "provider::aws::arn_parse", false},
      {"provider::\taws::arn_parse(\"a\")", "provider::aws::arn_parse", false},
  };
  for (const auto& c : cases) {
    const Call call = parse_call(c.rhs);
    EXPECT_EQ(call.call->name(), c.name) << c.rhs;
    const std::string_view source = call.parsed.file->source().text();
    const bool points_into_source = call.call->name().data() >= source.data() && call.call->name().data() < source.data() + source.size();
    EXPECT_EQ(points_into_source, c.in_source) << c.rhs;
    ASSERT_EQ(call.call->args().size(), 1u) << c.rhs;
  }
}

TEST(FunctionCallLayout, ParenthesisSpansAndStartRange) {
  // `x = ` is 4 bytes: the name starts at byte 4 (column 5).
  const Call spaced = parse_call("lower  (\"A\")");
  EXPECT_EQ(spaced.call->open_paren_span().begin, 11u);
  EXPECT_EQ(spaced.call->open_paren_span().end, 12u);
  EXPECT_EQ(spaced.call->close_paren_span().begin, 15u);
  const Range start = spaced.call->start_range();  // name through "("
  EXPECT_EQ(start.start.column, 5u);
  EXPECT_EQ(start.end.column, 13u);
  const Range whole = static_cast<const Expression&>(*spaced.call).range();
  EXPECT_EQ(whole.end.column, 17u);
}

// The call keeps only the name's end and the close parenthesis's start: the call's own span
// supplies the name's start and the parenthesis's end, with or without a closing parenthesis.
TEST(FunctionCallLayout, NameAndCloseSpansShareTheCallsEnds) {
  const Call spaced = parse_call("provider :: ns :: f ( 1 )");
  EXPECT_EQ(spaced.call->name_span().begin, 4u);
  EXPECT_EQ(spaced.call->name_span().end, 4u + std::string("provider :: ns :: f").size());
  EXPECT_EQ(spaced.call->close_paren_span().begin, 4u + std::string("provider :: ns :: f ( 1 ").size());
  EXPECT_EQ(spaced.call->close_paren_span().end, spaced.call->span.end);

  // Without its ")", the call ends where parsing of it stopped, and so does the empty close span.
  ParseResult open = parse_native(SourceFile::from_string("open.hcl", "x = f(1, 2"));
  ASSERT_FALSE(open.diagnostics.empty());
  const native::Expr* e = open.file->native_body()->attributes()[0].expr;
  ASSERT_EQ(e->kind, NodeKind::function_call);
  const auto* call = static_cast<const FunctionCallExpr*>(e);
  EXPECT_EQ(call->name_span().begin, 4u);
  EXPECT_EQ(call->name_span().end, 5u);
  EXPECT_EQ(call->close_paren_span().begin, call->close_paren_span().end);
  EXPECT_EQ(call->close_paren_span().end, call->span.end);
  EXPECT_EQ(call->args().size(), 2u);
}

}  // namespace
}  // namespace hclschema
