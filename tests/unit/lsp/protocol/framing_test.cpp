// Tests of the LSP base protocol framing (src/lsp/framing.*): good, split, malformed, oversize,
// truncated messages and end of input.
#include <gtest/gtest.h>

#include <sstream>
#include <streambuf>

#include "lsp/framing.hpp"

namespace hclschema::lsp {
namespace {

std::string frame(std::string_view body) { return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + std::string(body); }

TEST(LspFraming, ReadsConsecutiveMessagesThenEof) {
  std::istringstream in(frame("{\"a\":1}") + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}");
  ReadResult first = read_message(in);
  ASSERT_EQ(first.status, ReadStatus::ok) << first.error;
  EXPECT_EQ(first.body, "{\"a\":1}");
  ReadResult second = read_message(in);
  ASSERT_EQ(second.status, ReadStatus::ok) << second.error;
  EXPECT_EQ(second.body, "{}");
  EXPECT_EQ(read_message(in).status, ReadStatus::eof);
  EXPECT_EQ(read_message(in).status, ReadStatus::eof);  // stays at the end
}

TEST(LspFraming, HeaderNamesAreCaseInsensitiveAndLfIsTolerated) {
  std::istringstream in("content-length:   3  \n\n[1]");
  ReadResult r = read_message(in);
  ASSERT_EQ(r.status, ReadStatus::ok) << r.error;
  EXPECT_EQ(r.body, "[1]");
}

TEST(LspFraming, BodyIsBinarySafe) {
  std::string body("{\"x\":\"\0\r\n\xC3\xA9\"}", 12);
  std::istringstream in(frame(body));
  ReadResult r = read_message(in);
  ASSERT_EQ(r.status, ReadStatus::ok);
  EXPECT_EQ(r.body, body);
}

// A stream buffer that hands out at most one byte per read, as a pipe may.
class TrickleBuf : public std::streambuf {
 public:
  explicit TrickleBuf(std::string data) : data_(std::move(data)) {}

 protected:
  int_type underflow() override {
    if (pos_ >= data_.size()) return traits_type::eof();
    current_ = data_[pos_++];
    setg(&current_, &current_, &current_ + 1);
    return traits_type::to_int_type(current_);
  }

 private:
  std::string data_;
  std::size_t pos_ = 0;
  char current_ = 0;
};

TEST(LspFraming, MessageSplitIntoSingleBytes) {
  TrickleBuf buf(frame("{\"split\":true}") + frame("{}"));
  std::istream in(&buf);
  ReadResult a = read_message(in);
  ASSERT_EQ(a.status, ReadStatus::ok) << a.error;
  EXPECT_EQ(a.body, "{\"split\":true}");
  ReadResult b = read_message(in);
  ASSERT_EQ(b.status, ReadStatus::ok) << b.error;
  EXPECT_EQ(b.body, "{}");
  EXPECT_EQ(read_message(in).status, ReadStatus::eof);
}

struct MalformedCase {
  const char* name;
  std::string input;
  std::string error_part;
  bool recoverable;
};

class LspFramingMalformed : public testing::TestWithParam<MalformedCase> {};

TEST_P(LspFramingMalformed, IsAnErrorNotACrash) {
  const MalformedCase& c = GetParam();
  std::istringstream in(c.input + frame("{\"next\":1}"));
  ReadResult r = read_message(in, 1024);
  ASSERT_EQ(r.status, ReadStatus::error);
  EXPECT_NE(r.error.find(c.error_part), std::string::npos) << r.error;
  EXPECT_EQ(r.recoverable, c.recoverable);
  if (c.recoverable) {
    ReadResult next = read_message(in, 1024);
    ASSERT_EQ(next.status, ReadStatus::ok) << next.error;
    EXPECT_EQ(next.body, "{\"next\":1}");
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, LspFramingMalformed,
    testing::Values(MalformedCase{"no_content_length", "Content-Type: x\r\n\r\n", "without Content-Length", true},
                    MalformedCase{"not_a_number", "Content-Length: abc\r\n\r\n", "not a non-negative integer", true},
                    MalformedCase{"negative", "Content-Length: -5\r\n\r\n", "not a non-negative integer", true},
                    MalformedCase{"number_with_junk", "Content-Length: 12x\r\n\r\n", "not a non-negative integer", true},
                    MalformedCase{"huge_number", "Content-Length: 99999999999999999999999999\r\n\r\n",
                                  "not a non-negative integer", true},
                    MalformedCase{"line_without_colon", "Content-Length: 2\r\ngarbage\r\n\r\n{}", "no ':'", true},
                    MalformedCase{"oversize_body_is_skipped", "Content-Length: 2000\r\n\r\n" + std::string(2000, 'x'),
                                  "larger than the limit of 1024 bytes", true},
                    MalformedCase{"endless_header_line", std::string(10000, 'a'), "longer than 8192", false}),
    [](const testing::TestParamInfo<MalformedCase>& info) { return std::string(info.param.name); });

TEST(LspFraming, OversizeBodyIsNeverAllocated) {
  // A claimed size far beyond the cap, with nothing behind it: refused, without a 1 TB allocation.
  std::istringstream in("Content-Length: 1099511627776\r\n\r\n{}");
  ReadResult r = read_message(in);
  ASSERT_EQ(r.status, ReadStatus::error);
  EXPECT_NE(r.error.find("larger than the limit of 67108864 bytes"), std::string::npos) << r.error;
  EXPECT_FALSE(r.recoverable);
}

TEST(LspFraming, TruncatedBodyIsAnUnrecoverableError) {
  std::istringstream in("Content-Length: 10\r\n\r\n{\"a\"");
  ReadResult r = read_message(in);
  ASSERT_EQ(r.status, ReadStatus::error);
  EXPECT_EQ(r.error, "the stream ended after 4 of 10 body bytes");
  EXPECT_FALSE(r.recoverable);
}

TEST(LspFraming, TruncatedHeaderIsAnError) {
  std::istringstream in("Content-Length: 10\r\n");
  ReadResult r = read_message(in);
  ASSERT_EQ(r.status, ReadStatus::error);
  EXPECT_EQ(r.error, "the stream ended inside a message header");
}

TEST(LspFraming, EmptyInputAndStrayLineEndsAreEof) {
  std::istringstream empty("");
  EXPECT_EQ(read_message(empty).status, ReadStatus::eof);
  std::istringstream blank("\r\n\r\n");
  EXPECT_EQ(read_message(blank).status, ReadStatus::eof);
}

TEST(LspFraming, WritesHeaderAndBody) {
  std::ostringstream out;
  write_message(out, "{\"id\":1}");
  write_message(out, "\xC3\xA9");
  EXPECT_EQ(out.str(), "Content-Length: 8\r\n\r\n{\"id\":1}Content-Length: 2\r\n\r\n\xC3\xA9");
}

TEST(LspFraming, WhatIsWrittenReadsBack) {
  std::stringstream io;
  write_message(io, "{\"round\":\"trip\"}");
  ReadResult r = read_message(io);
  ASSERT_EQ(r.status, ReadStatus::ok);
  EXPECT_EQ(r.body, "{\"round\":\"trip\"}");
}

}  // namespace
}  // namespace hclschema::lsp
