// Tests of file:// URI <-> path conversion (src/lsp/uri.*).
#include <gtest/gtest.h>

#include "lsp/uri.hpp"

namespace hclschema::lsp {
namespace {

struct UriCase {
  std::string uri;
  std::optional<std::string> path;
};

class LspUriToPath : public testing::TestWithParam<UriCase> {};

TEST_P(LspUriToPath, Decodes) { EXPECT_EQ(uri_to_path(GetParam().uri), GetParam().path) << GetParam().uri; }

INSTANTIATE_TEST_SUITE_P(
    Cases, LspUriToPath,
    testing::Values(UriCase{"file:///home/u/service.hcl", "/home/u/service.hcl"},
                    UriCase{"file:///a%20b/c%2Bd.hcl", "/a b/c+d.hcl"},
                    UriCase{"file:///caf%C3%A9/%e2%82%ac.hcl", "/caf\xC3\xA9/\xE2\x82\xAC.hcl"},  // either hex case
                    UriCase{"file:///unencoded space/\xC3\xA9.hcl", "/unencoded space/\xC3\xA9.hcl"},
                    UriCase{"file://localhost/etc/x.hcl", "/etc/x.hcl"},
                    UriCase{"FILE:///X.hcl", "/X.hcl"},
                    UriCase{"file:///a/./b/../c.hcl", "/a/c.hcl"},
                    UriCase{"file:///work/dir/", "/work/dir"},
                    UriCase{"file:///", "/"},
                    UriCase{"file://otherhost/x.hcl", std::nullopt},
                    UriCase{"untitled:Untitled-1", std::nullopt},
                    UriCase{"https://example.com/x.hcl", std::nullopt},
                    UriCase{"file:///x%2", std::nullopt},
                    UriCase{"file:///x%zz", std::nullopt},
                    UriCase{"file:///x%00y", std::nullopt},
                    UriCase{"file:///x.hcl?query", std::nullopt},
                    UriCase{"file:///x.hcl#frag", std::nullopt},
                    UriCase{"file://", std::nullopt},
                    UriCase{"", std::nullopt}));

TEST(LspUri, EncodesReservedAndNonAsciiBytes) {
  EXPECT_EQ(path_to_uri("/home/u/service.hcl"), "file:///home/u/service.hcl");
  EXPECT_EQ(path_to_uri("/a b/c#d?e%f.hcl"), "file:///a%20b/c%23d%3Fe%25f.hcl");
  EXPECT_EQ(path_to_uri("/caf\xC3\xA9/x~y_z-1.hcl"), "file:///caf%C3%A9/x~y_z-1.hcl");
  EXPECT_EQ(path_to_uri("/c:d"), "file:///c%3Ad");
}

TEST(LspUri, RoundTrips) {
  for (std::string path : {"/", "/a", "/with space/and%percent", "/\xF0\x9F\x98\x80/emoji.hcl", "/a+b=c&d;e,f"}) {
    EXPECT_EQ(uri_to_path(path_to_uri(path)), path) << path;
  }
}

}  // namespace
}  // namespace hclschema::lsp
