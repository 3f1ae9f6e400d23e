// Transcript tests: recorded language server sessions (tests/lsp/transcripts/*.jsonl) replayed
// against the real `build/hclschema lsp`, comparing every server message as JSON, in order.
//
// A transcript is JSON lines (lines starting with '#' are comments):
//   {"file": "NAME", "from": "examples/service.hcl"}   copy a file of the tree into the workspace
//   {"file": "NAME", "text": "..."}                    write a file into the workspace
//   {"send": {...}}                                    a client message (framed by the runner)
//   {"send_body": "..."}                               a client message body sent as is (e.g. not JSON)
//   {"send_raw": "..."}                                bytes sent unframed (broken headers)
//   {"expect": {...}}                                  the next server message
//   {"exit_code": N}                                   the server's exit status
//   {"never": "TEXT"}                                  no server message may contain TEXT (a secret)
// Strings are rewritten in what is sent: "${ROOT}" and "${ROOT_URI}" become the temporary
// workspace's path and file:// URI, and a string that is exactly "${TEXT:NAME}" becomes the text
// of workspace file NAME. In what the server sends, the workspace's URI and path are rewritten
// back to the placeholders before comparing, and serverInfo.version becomes "${VERSION}".
//
// The server answers every message before reading the next, so its output is a fixed sequence.
// To regenerate the expectations after a deliberate change, run
//   HCLSCHEMA_REGENERATE_TRANSCRIPTS=1 build/tests/hclschema_tests --gtest_filter='*LspTranscript*'
// which rewrites each transcript with the server's actual messages after the message that caused
// them (found by replaying every prefix of the session), then review the diff.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "lsp/framing.hpp"
#include "lsp/uri.hpp"

namespace hclschema::lsp {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  if (from.empty()) return;
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
}

// Applies `rewrite` to every string in `value`.
template <typename F>
void rewrite_strings(json& value, const F& rewrite) {
  if (value.is_string()) {
    value = rewrite(value.get<std::string>());
  } else if (value.is_structured()) {
    for (auto& item : value) rewrite_strings(item, rewrite);
  }
}

struct Transcript {
  std::vector<json> lines;  // every non-comment line, in order
};

Transcript load(const fs::path& path) {
  Transcript t;
  std::istringstream in(slurp(path));
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    json parsed = json::parse(line, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object()) {
      ADD_FAILURE() << path << ":" << number << ": not a JSON object";
      continue;
    }
    t.lines.push_back(std::move(parsed));
  }
  return t;
}

struct ServerRun {
  std::vector<json> messages;
  int exit_code = -1;
};

class Session {
 public:
  explicit Session(const std::string& name) {
    root_ = fs::path(::testing::TempDir()) / ("hclschema-lsp-transcript-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
    root_ = fs::canonical(root_);
    root_uri_ = path_to_uri(root_.string());
  }
  ~Session() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }

  void add_file(const json& line) {
    fs::path target = root_ / line.at("file").get<std::string>();
    fs::create_directories(target.parent_path());
    std::string text = line.contains("from") ? slurp(fs::path(HCLSCHEMA_SOURCE_DIR) / line["from"].get<std::string>())
                                             : line.at("text").get<std::string>();
    std::ofstream(target, std::ios::binary) << text;
  }

  // The bytes a client line sends.
  std::string bytes_of(const json& line) const {
    if (line.contains("send_raw")) return line["send_raw"].get<std::string>();
    if (line.contains("send_body")) return frame(line["send_body"].get<std::string>());
    json message = line.at("send");
    rewrite_strings(message, [this](std::string s) {
      if (s.starts_with("${TEXT:") && s.ends_with("}")) return slurp(root_ / s.substr(7, s.size() - 8));
      replace_all(s, "${ROOT_URI}", root_uri_);
      replace_all(s, "${ROOT}", root_.string());
      return s;
    });
    return frame(message.dump());
  }

  // Runs `hclschema lsp` on `input` in the workspace and reads back what it wrote.
  ServerRun run(const std::string& input) const {
    // Next to the workspace, not in it, so that the server never sees them.
    fs::path in_path = root_.string() + ".client-input";
    fs::path out_path = root_.string() + ".server-output";
    std::ofstream(in_path, std::ios::binary) << input;
    std::string command = "cd '" + root_.string() + "' && '" + std::string(HCLSCHEMA_BINARY_DIR) + "/hclschema' lsp --stdio <'" +
                          in_path.string() + "' >'" + out_path.string() + "' 2>/dev/null";
    int status = std::system(command.c_str());
    ServerRun r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::istringstream out(slurp(out_path));
    fs::remove(in_path);
    fs::remove(out_path);
    for (;;) {
      ReadResult message = read_message(out);
      if (message.status == ReadStatus::eof) break;
      if (message.status == ReadStatus::error) {
        ADD_FAILURE() << "the server wrote a malformed message: " << message.error;
        break;
      }
      json parsed = json::parse(message.body, nullptr, false);
      if (parsed.is_discarded()) ADD_FAILURE() << "the server wrote a body that is not JSON: " << message.body;
      // The project's version is not part of what a transcript checks.
      if (parsed.contains("result") && parsed["result"].is_object() && parsed["result"].contains("serverInfo")) {
        parsed["result"]["serverInfo"]["version"] = "${VERSION}";
      }
      rewrite_strings(parsed, [this](std::string s) {
        replace_all(s, root_uri_, "${ROOT_URI}");
        replace_all(s, root_.string(), "${ROOT}");
        return s;
      });
      r.messages.push_back(std::move(parsed));
    }
    return r;
  }

  static std::string frame(const std::string& body) { return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body; }

 private:
  fs::path root_;
  std::string root_uri_;
};

bool is_send(const json& line) { return line.contains("send") || line.contains("send_body") || line.contains("send_raw"); }

std::vector<std::string> transcript_names() {
  std::vector<std::string> names;
  fs::path dir = fs::path(HCLSCHEMA_SOURCE_DIR) / "tests/lsp/transcripts";
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".jsonl") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

class LspTranscript : public testing::TestWithParam<std::string> {};

TEST_P(LspTranscript, Replays) {
  fs::path path = fs::path(HCLSCHEMA_SOURCE_DIR) / "tests/lsp/transcripts" / (GetParam() + ".jsonl");
  Transcript t = load(path);
  Session session(GetParam());
  std::string input;
  std::vector<json> expected;
  std::optional<int> expected_exit;
  std::vector<std::string> secrets;
  for (const json& line : t.lines) {
    if (line.contains("file")) session.add_file(line);
    if (is_send(line)) input += session.bytes_of(line);
    if (line.contains("expect")) expected.push_back(line["expect"]);
    if (line.contains("exit_code")) expected_exit = line["exit_code"].get<int>();
    if (line.contains("never")) secrets.push_back(line["never"].get<std::string>());
  }

  const char* regenerate = std::getenv("HCLSCHEMA_REGENERATE_TRANSCRIPTS");
  if (regenerate && *regenerate) {
    // Replays every prefix of the session to learn which client message caused which answers.
    std::string out_text;
    std::string prefix;
    std::size_t seen = 0;
    ServerRun full;
    for (const json& line : t.lines) {
      if (line.contains("expect") || line.contains("exit_code")) continue;
      out_text += line.dump() + "\n";
      if (!is_send(line)) continue;
      prefix += session.bytes_of(line);
      full = session.run(prefix);
      for (; seen < full.messages.size(); ++seen) out_text += json{{"expect", full.messages[seen]}}.dump() + "\n";
    }
    out_text += json{{"exit_code", full.exit_code}}.dump() + "\n";
    std::string header;
    std::istringstream original(slurp(path));
    for (std::string l; std::getline(original, l) && l.starts_with("#");) header += l + "\n";
    std::ofstream(path, std::ios::binary) << header << out_text;
    GTEST_SKIP() << "regenerated " << path;
  }

  ServerRun run = session.run(input);
  for (std::size_t i = 0; i < std::max(expected.size(), run.messages.size()); ++i) {
    if (i >= run.messages.size()) {
      ADD_FAILURE() << "server message " << i << " is missing; expected " << expected[i].dump();
      break;
    }
    if (i >= expected.size()) {
      ADD_FAILURE() << "unexpected server message " << i << ": " << run.messages[i].dump();
      break;
    }
    EXPECT_EQ(run.messages[i], expected[i]) << "server message " << i << "\n  actual:   " << run.messages[i].dump()
                                            << "\n  expected: " << expected[i].dump();
  }
  for (const json& message : run.messages) {
    for (const std::string& secret : secrets) {
      EXPECT_EQ(message.dump().find(secret), std::string::npos) << "a server message shows \"" << secret << "\": " << message.dump();
    }
  }
  if (expected_exit) {
    EXPECT_EQ(run.exit_code, *expected_exit);
  }
}

INSTANTIATE_TEST_SUITE_P(Sessions, LspTranscript, testing::ValuesIn(transcript_names()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

}  // namespace
}  // namespace hclschema::lsp
