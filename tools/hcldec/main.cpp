// `hcldec`: HashiCorp's cmd/hcldec rebuilt on hclschema, so that HCL's spec-suite harness
// (cmd/hclspecsuite) can run against this implementation. Flags, outputs and exit codes are
// hcldec's: 0 with the value JSON on stdout; 2 with diagnostics on stderr when the spec or the
// input has errors (or on a usage error); 1 for an operational error ("Error: ...").
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "decoder.hpp"
#include "hclschema/diagnostic_writer.hpp"
#include "hclschema/eval/evaluate.hpp"
#include "hclschema/parse.hpp"
#include "hclschema/value/json.hpp"
#include "merged_body.hpp"
#include "output.hpp"
#include "spec.hpp"

namespace hclschema::hcldec {

namespace {

constexpr const char* version = "0.0.1-dev";

struct Options {
  std::string spec;
  std::string out;
  std::string diags_format;
  bool var_refs = false;
  bool with_type = false;
  bool keep_nulls = false;
  bool show_version = false;
  std::vector<std::string> vars;
  std::vector<std::string> files;
};

[[noreturn]] void usage() {
  std::cerr << "usage: hcldec --spec=<spec-file> [options] [hcl-file ...]\n"
               "  -s, --spec string          path to spec file (required)\n"
               "  -o, --out string           write to the given file, instead of stdout\n"
               "      --diags string         format any returned diagnostics in the given format; currently only \"json\" is accepted\n"
               "      --var-refs             rather than decoding input, produce a JSON description of the variables referenced by it\n"
               "      --with-type            include an additional object level at the top describing the HCL-oriented type of the result value\n"
               "      --keep-nulls           retain object properties that have null as their value (they are removed by default)\n"
               "  -V, --vars json-or-file    provide variables to the given configuration file(s)\n"
               "  -v, --version              show the version number and immediately exit\n";
  std::exit(2);
}

[[noreturn]] void bad_flag(const std::string& message) {
  std::cerr << message << "\n";
  usage();
}

// pflag's syntax: --name=value, --name value, -x value, -xvalue; "--" ends the flags.
Options parse_args(int argc, char** argv) {
  Options o;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      for (++i; i < args.size(); ++i) o.files.push_back(args[i]);
      break;
    }
    if (a.size() < 2 || a[0] != '-') {
      o.files.push_back(a);
      continue;
    }
    std::string name;
    std::optional<std::string> value;
    bool long_form = a.rfind("--", 0) == 0;
    if (long_form) {
      name = a.substr(2);
      if (auto eq = name.find('='); eq != std::string::npos) value = name.substr(eq + 1), name = name.substr(0, eq);
    } else {
      name = a.substr(1, 1);
      if (a.size() > 2) value = a.substr(a[2] == '=' ? 3 : 2);
    }
    auto take_value = [&]() -> std::string {
      if (value) return *value;
      if (i + 1 >= args.size()) bad_flag("flag needs an argument: " + a);
      return args[++i];
    };
    auto set_bool = [&](bool& flag) {
      if (!value || *value == "true" || *value == "1") flag = true;
      else if (*value == "false" || *value == "0") flag = false;
      else bad_flag("invalid argument \"" + *value + "\" for \"" + a + "\" flag");
    };
    if (name == "spec" || (!long_form && name == "s")) o.spec = take_value();
    else if (name == "out" || (!long_form && name == "o")) o.out = take_value();
    else if (long_form && name == "diags") o.diags_format = take_value();
    else if (long_form && name == "var-refs") set_bool(o.var_refs);
    else if (long_form && name == "with-type") set_bool(o.with_type);
    else if (long_form && name == "keep-nulls") set_bool(o.keep_nulls);
    else if (name == "version" || (!long_form && name == "v")) set_bool(o.show_version);
    else if (name == "vars" || (!long_form && name == "V")) o.vars.push_back(take_value());
    else if (name == "help" || (!long_form && name == "h")) usage();
    else bad_flag(long_form ? "unknown flag: --" + name : "unknown shorthand flag: '" + name + "' in " + a);
  }
  return o;
}

class DiagnosticsOutput {
 public:
  DiagnosticsOutput(bool json, const SourceFiles& files) : json_(json), files_(files) {}
  void write(const Diagnostics& diags) {
    if (diags.empty()) return;
    if (json_) {
      std::cerr << diagnostics_json(diags) << "\n";
      return;
    }
    TextWriterOptions options;
    options.color = isatty(2) && !std::getenv("NO_COLOR");
    DiagnosticTextWriter writer(std::cerr, files_, options);
    writer.write_all(diags);
  }

 private:
  bool json_;
  const SourceFiles& files_;
};

// The variables of one --vars argument: a JSON object literal, or a file (JSON by its name, else
// native syntax) whose attributes are evaluated without a context.
void read_vars(const std::string& arg, std::size_t index, std::vector<std::shared_ptr<const File>>& keep,
               SourceFiles& files, EvalContext& ctx, Diagnostics& diags) {
  ParseResult parsed;
  std::size_t first = arg.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && arg[first] == '{') {
    parsed = parse_json(SourceFile::from_string("<vars argument " + std::to_string(index) + ">", arg));
  } else {
    parsed = parse_path(arg);
    if (parsed.file && syntax_for_filename(arg) == Syntax::native && parsed.file->syntax() != Syntax::native)
      parsed = parse_native(parsed.file->source_ptr());
  }
  append(diags, std::move(parsed.diagnostics));
  if (!parsed.file) return;
  files[parsed.file->source().filename()] = parsed.file->source_ptr();
  keep.push_back(parsed.file);
  AttributesResult attrs = parsed.file->body().just_attributes();
  append(diags, std::move(attrs.diagnostics));
  for (const Attribute& a : attrs.attributes) {
    EvalResult r = evaluate(*a.expr, nullptr);
    append(diags, std::move(r.diagnostics));
    ctx.set_variable(std::string(a.name), r.value);
  }
}

std::optional<std::string> read_stdin() {
  std::ostringstream ss;
  ss << std::cin.rdbuf();
  if (std::cin.bad()) return std::nullopt;
  return ss.str();
}

int write_result(const Options& o, const std::string& text) {
  if (o.out.empty()) {
    std::cout << text << "\n";
    return 0;
  }
  std::ofstream f(o.out, std::ios::trunc);
  if (!f) {
    std::cerr << "Error: can't open " << o.out << " for writing\n\n";
    return 1;
  }
  f << text << "\n";
  return 0;
}

int run(int argc, char** argv) {
  Options o = parse_args(argc, argv);
  if (o.show_version) {
    std::cout << version << "\n";
    return 0;
  }
  if (!o.diags_format.empty() && o.diags_format != "json") {
    std::cerr << "Invalid diagnostics format \"" << o.diags_format << "\": only \"json\" is supported.\n";
    return 2;
  }
  SourceFiles files;
  DiagnosticsOutput diag_out(o.diags_format == "json", files);
  if (o.spec.empty()) {
    std::cerr << "Error: the --spec=... argument is required\n\n";
    return 1;
  }

  Diagnostics diags;
  SpecFileResult spec = load_spec_file(o.spec);
  if (spec.spec.file) files[spec.spec.file->source().filename()] = spec.spec.file->source_ptr();
  append(diags, std::move(spec.diagnostics));
  if (has_errors(diags)) {
    diag_out.write(diags);
    return 2;
  }

  EvalContext ctx;
  for (const auto& [name, value] : spec.spec.variables) ctx.set_variable(name, value);
  for (const auto& [name, fn] : spec.spec.functions) ctx.set_function(name, fn);
  std::vector<std::shared_ptr<const File>> keep;
  for (std::size_t i = 0; i < o.vars.size(); ++i) read_vars(o.vars[i], i, keep, files, ctx, diags);
  // Empty tables are "no table", so the input gets "Variables not allowed" rather than "Unknown variable".
  if (ctx.variables && ctx.variables->empty()) ctx.variables.reset();
  if (ctx.functions && ctx.functions->empty()) ctx.functions.reset();
  const EvalContext* eval_ctx = (ctx.variables || ctx.functions) ? &ctx : nullptr;

  std::vector<const Body*> bodies;
  if (o.files.empty()) {
    auto text = read_stdin();
    if (!text) {
      std::cerr << "Error: failed to read stdin\n\n";
      return 1;
    }
    ParseResult parsed = parse_native(SourceFile::from_string("<stdin>", std::move(*text)));
    bool failed = has_errors(parsed.diagnostics);
    append(diags, std::move(parsed.diagnostics));
    files["<stdin>"] = parsed.file->source_ptr();
    keep.push_back(parsed.file);
    if (!failed) bodies.push_back(&parsed.file->body());
  } else {
    for (const std::string& name : o.files) {
      ParseResult parsed = parse_path(name);
      if (parsed.file && (name.size() >= 5 && name.compare(name.size() - 5, 5, ".json") == 0) != (parsed.file->syntax() == Syntax::json))
        parsed = name.size() >= 5 && name.compare(name.size() - 5, 5, ".json") == 0 ? parse_json(parsed.file->source_ptr())
                                                                                   : parse_native(parsed.file->source_ptr());
      bool failed = has_errors(parsed.diagnostics);
      append(diags, std::move(parsed.diagnostics));
      if (!parsed.file) continue;
      files[parsed.file->source().filename()] = parsed.file->source_ptr();
      keep.push_back(parsed.file);
      if (!failed) bodies.push_back(&parsed.file->body());
    }
  }
  if (has_errors(diags)) {
    diag_out.write(diags);
    return 2;
  }

  std::shared_ptr<const Body> merged;
  const Body* body = nullptr;
  if (bodies.size() == 1) {
    body = bodies[0];
  } else {
    merged = merge_bodies(bodies);
    body = merged.get();
  }

  if (o.var_refs) return write_result(o, var_refs_json(variables(*body, *spec.spec.root), eval_ctx));

  DecodeResult decoded = decode(*body, *spec.spec.root, eval_ctx);
  append(diags, std::move(decoded.diagnostics));
  if (has_errors(diags)) {
    diag_out.write(diags);
    return 2;
  }
  Value value = decoded.value.unmarked_deep();
  ValueError error;
  auto json = value_to_json(value, o.with_type ? Type::dynamic() : value.type(), &error);
  if (!json) {
    std::cerr << "Error: " << error_text(error) << "\n\n";
    return 1;
  }
  return write_result(o, o.keep_nulls ? *json : strip_json_nulls(*json));
}

}  // namespace

}  // namespace hclschema::hcldec

int main(int argc, char** argv) { return hclschema::hcldec::run(argc, argv); }
