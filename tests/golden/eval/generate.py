#!/usr/bin/env python3
"""Writes the evaluation cases (JSON lines) for tests/golden/eval: every operator on every pair of
operand kinds, templates, for expressions, splats, index and attribute errors, conditionals,
function calls, unknowns, nulls and sensitive values. The variables every case sees are
written by `--vars` to vars.json; generate.sh has the reference answer the cases."""
import json
import random
import sys

VARS = [
    {"name": "n", "type": "number", "value": 5},
    {"name": "f", "type": "number", "value": 1.5},
    {"name": "big", "type": "number", "value": 12345678901234567890123},
    {"name": "s", "type": "string", "value": "hello"},
    {"name": "sn", "type": "string", "value": "12"},
    {"name": "sb", "type": "string", "value": "true"},
    {"name": "b", "type": "bool", "value": True},
    {"name": "l", "type": ["list", "string"], "value": ["a", "b"]},
    {"name": "ln", "type": ["list", "number"], "value": [1, 2, 3]},
    {"name": "el", "type": ["list", "string"], "value": []},
    {"name": "st", "type": ["set", "string"], "value": ["y", "x"]},
    {"name": "m", "type": ["map", "string"], "value": {"k": "v", "k2": "v2"}},
    {"name": "o", "type": ["object", {"name": "string", "n": "number"}], "value": {"name": "x", "n": 1}},
    {"name": "t", "type": ["tuple", ["string", "number", "bool"]], "value": ["a", 1, False]},
    {"name": "lo", "type": ["list", ["object", {"a": "string"}]], "value": [{"a": "p"}, {"a": "q"}]},
    {"name": "so", "type": ["set", ["object", {"a": "string"}]], "value": [{"a": "p"}]},
    {"name": "nul", "type": "string", "value": None},
    {"name": "nl", "type": ["list", "string"], "value": None},
    {"name": "un", "type": "number", "unknown": True},
    {"name": "us", "type": "string", "unknown": True},
    {"name": "ub", "type": "bool", "unknown": True},
    {"name": "ud", "type": "dynamic", "unknown": True},
    {"name": "ul", "type": ["list", "string"], "unknown": True},
    {"name": "um", "type": ["map", "string"], "unknown": True},
    {"name": "sec", "type": "string", "value": "secret", "sensitive": True},
    {"name": "secn", "type": "number", "value": 7, "sensitive": True},
    {"name": "secb", "type": "bool", "value": False, "sensitive": True},
    {"name": "secl", "type": ["list", "string"], "value": ["s1", "s2"], "sensitive": True},
    {"name": "seco", "type": ["object", {"a": "string"}], "value": {"a": "z"}, "sensitive": True},
]
# Only the variables above are drawn by the random expressions below, which stay as they were when
# more variables were added.
RANDOM_VARS = [v["name"] for v in VARS]

# Roots of the traversal section at the end: unknowns that are also sensitive, unknowns of
# structural types, nulls of collection types, sensitive collections, and known objects holding
# unknown and sensitive attributes ("attrs": cty JSON cannot write those, see tools/reference/eval.go).
OBJ_AB = ["object", {"a": ["object", {"b": "string", "k": "string"}], "k": "string"}]
TRAVERSAL_VARS = [
    {"name": "msd", "type": "dynamic", "unknown": True, "sensitive": True},
    {"name": "mso", "type": OBJ_AB, "unknown": True, "sensitive": True},
    {"name": "msl", "type": ["list", ["object", {"a": "string"}]], "unknown": True, "sensitive": True},
    {"name": "msm", "type": ["map", "string"], "unknown": True, "sensitive": True},
    {"name": "uo", "type": ["object", {"a": ["list", ["map", "string"]], "k": "string"}], "unknown": True},
    {"name": "ut", "type": ["tuple", [["object", {"a": "string"}], "string"]], "unknown": True},
    {"name": "uset", "type": ["set", ["object", {"a": "string"}]], "unknown": True},
    {"name": "no", "type": OBJ_AB, "value": None},
    {"name": "nm", "type": ["map", "string"], "value": None},
    {"name": "nlo", "type": ["list", ["object", {"a": "string"}]], "value": None},
    {"name": "secm", "type": ["map", "string"], "value": {"k": "v", "a": "x"}, "sensitive": True},
    {"name": "seclo", "type": ["list", ["object", {"a": ["list", ["map", "string"]]}]], "value": [{"a": [{"k": "v"}]}],
     "sensitive": True},
    {"name": "nest", "attrs": {
        "a": {"type": ["object", {"b": "string"}], "unknown": True},
        "k": {"type": "string", "value": "v", "sensitive": True},
        "o": {"attrs": {"b": {"type": "string", "unknown": True}, "k": {"type": "string", "value": "w"}}},
    }},
    {"name": "nest2", "attrs": {
        "a": {"attrs": {"b": {"type": "string", "value": "x", "sensitive": True}, "k": {"type": "dynamic", "unknown": True}}},
        "k": {"type": "string", "value": None},
        "l": {"type": ["list", ["map", "string"]], "value": [{"k": "v"}], "sensitive": True},
    }},
]
VARS += TRAVERSAL_VARS

OPERANDS = ["1", "0", "-2.5", "n", "f", "big", '"a"', '"1"', 's', 'sn', 'sb', "true", "b", "null", "nul",
            "[1]", "l", "{a=1}", "m", "o", "un", "ud", "sec", "secn", "secb", "st"]
BINARY = ["||", "&&", "==", "!=", ">", ">=", "<", "<=", "+", "-", "*", "/", "%"]

cases = []


def add(expr, ctx=None, syntax=None):
    c = {"expr": expr}
    if ctx:
        c["ctx"] = ctx
    if syntax:
        c["syntax"] = syntax
    cases.append(c)


for a in OPERANDS:
    for op in BINARY:
        for b in OPERANDS:
            add(f"{a} {op} {b}")
    add(f"!{a}")
    add(f"-{a}")
    add(f'"x${{{a}}}y"')
    add(f'"${{{a}}}"')
    add(f"[{a}][0]")
    add(f"{a}[0]")
    add(f'{a}["k"]')
    add(f"{a}.name")
    add(f"{a}.*")
    add(f"{a}[*].a")
    add(f"{a} ? 1 : 2")
    add(f"true ? {a} : 1")
    add(f"false ? 1 : {a}")
    add(f"true ? {a} : null")
    add(f'true ? {a} : "x"')
    add(f"[for x in {a} : x]")
    add(f"{{for k, v in {a} : k => v}}")
    add(f"{{({a}) = 1}}")
    add(f"upper({a})")
    add(f"min({a})")
    add(f"min({a}, 1)")

NUMBERS = ["1", "0.1", "0.2", "1e3", "1.5e-3", "12345678901234567890123", "0.30000000000000004", "3", "7", "-7", "2.5", "1e100"]
for a in NUMBERS:
    for op in ["+", "-", "*", "/", "%"]:
        for b in NUMBERS:
            add(f"{a} {op} {b}")
for a in ["1", "0", "-1"]:
    add(f"{a} / 0")
    add(f"{a} % 0")

MISC = [
    "0.1 + 0.2 == 0.3", "1 == 1.0", '"1" == 1', "[1] == [1]", "{a=1} == {a=1}", "null == null", "nul == null",
    "un == 1", "ud == null", "sec == \"secret\"", "l == [\"a\", \"b\"]", "st == st",
    "ln[3]", "ln[-1]", "ln[1.5]", "ln[\"1\"]", "ln[\"x\"]", "el[0]", "t[2]", "t[3]", "t[un]", "ln[un]", "ul[0]", "m[\"nope\"]", "m.k",
    "m.nope", "o.name", "o.nope", "o[\"n\"]", "o[0]", "o[\"zz\"]", "lo.a", "lo.b", "lo[0].a", "so.a", "st[0]", "nl[0]", "nul.a", "um.x", "um[\"x\"]",
    "secl[0]", "seco.a", "secl[*]", "lo[*].a", "lo.*.a", "so[*].a", "ul[*]", "nl[*]", "nul[*]", "ud[*]", "un[*]", "[for x in ul : x]",
    "[for i, x in l : \"${i}=${x}\"]", "[for x in ln : x if x > 1]", "[for x in ln : x if x]", "[for x in ln : x if null]", "[for x in ln : x if un]",
    "{for x in l : x => 1}", "{for x in [\"a\", \"a\"] : x => 1}", "{for x in [\"a\", \"a\", \"b\"] : x => x...}", "{for k, v in m : v => k}",
    "{for x in ln : x => x}", "{for x in [null] : x => 1}", "{for x in [[1]] : x => 1}", "[for x in secl : x]", "{for k, v in o : k => v}",
    "[for x in st : x]", "[for k, v in st : k]", "[for x in nul : x]", "[for x in 1 : x]", "[for x in ud : x]",
    "\"%{ if b }yes%{ else }no%{ endif }\"", "\"%{ for x in l }${x},%{ endfor }\"", "\"%{ for x in ln }${x}%{ endfor }\"",
    "\"%{ for x in [null] }${x}%{ endfor }\"", "\"%{ for x in ul }${x}%{ endfor }\"", "\"%{ if ub }a%{ endif }\"", "\"%{ if secb }a%{ else }b%{ endif }\"",
    "\"a${sec}b\"", "\"${nul}\"", "\"${l}\"", "\"${un}\"", "\"${true}\"", "\"${1.50}\"", "\"${big}\"", "\"${ud}x\"",
    "<<EOT\nhello ${s}\nEOT\n", "<<-EOT\n    a\n      b\n    EOT\n",
    "{a = 1, a = 2}", "{\"a\" = 1, b = 2}", "{(s) = 1}", "{(null) = 1}", "{(l) = 1}", "{(us) = 1}", "{(sec) = 1}", "{1 = 2}", "{true = 1}", "{a.b = 1}", "{(o.name) = 1}", "{a[0] = 1}", "{o.name = 1, x = nosuch}",
    "b ? l : ln", "b ? l : t", "b ? [] : l", "b ? {} : m", "b ? o : m", "b ? 1 : \"a\"", "ub ? 1 : 2", "secb ? 1 : 2", "nul ? 1 : 2", "\"true\" ? 1 : 2",
    "\"x\" ? 1 : 2", "b ? ud : 1", "b ? [1] : {a=1}", "b ? l : 1",
    "upper(\"abc\")", "upper(sec)", "upper(us)", "upper()", "upper(\"a\", \"b\")", "upper(1)", "upper([1])", "upper(null)", "uper(\"a\")", "nosuch(1)",
    "min()", "min(1, 2, 0.5)", "min(ln...)", "min(t...)", "min(l...)", "min(nl...)", "min(1...)", "min(ul...)", "min(secn, 3)", "min(un, 1)", "min(st...)",
    "min(\"3\", 4)", "min(null)", "min(secl...)",
    "nosuchvar", "bigg.y", "(1 + 2) * 3", "!true", "!!b", "-(-n)", "- big", "1 + 2 * 3 - 4 / 2 % 3", "n > 3 && s == \"hello\" || false",
    "true || un", "false && un", "un || true", "ub && false",
]
MISC += [
    # conditional type mismatches, described as hclsyntax does
    "b ? {a=1} : {b=1}", "b ? {a=1, b=2} : {a=1}", "b ? {a=1} : {a=[1]}", "b ? {a={c=1}} : {a={d=1}}", "b ? [1, 2] : [1]",
    "b ? [1, [2]] : [1, {a=1}]", "b ? lo : [{b=1}]", "b ? [{a=[1]}] : [{a={}}]", "b ? {a=lo} : {a=so}",
    "b ? [[1]] : [{a=1}]", "b ? o : {name=1, n=\"x\", z=2}", "b ? st : ln", "b ? m : {a=[1]}", "b ? [[1], [2]] : [[1, 2]]",
    # splats, legacy splats, nested traversals
    "lo[*].a[0]", "lo.*.a", "[lo][*][0].a", "lo[*]", "t[*]", "o[*].name", "o.*.name", "m[*]", "[{a={b=1}}, {a={b=2}}][*].a.b",
    "[{a=1}, {b=2}][*].a", "[[1, 2], [3]][*][0]", "ln[*] == ln",
    # templates
    "\"a\\nb\\t\\\"c\\u00e9\"", "\"$${x}%%{y}\"", "\"${~ \" a \" ~}\"", "\"x ${~ s ~} y\"", "<<EOT\n%{ for x in l ~}\n${x}\n%{ endfor ~}\nEOT\n",
    "\"%{ for i, x in l }${i}${x}%{ endfor }\"", "\"%{ for k, v in m }${k}=${v};%{ endfor }\"", "\"%{ if un > 1 }a%{ endif }\"",
    "\"%{ if null }a%{ endif }\"", "\"%{ if 1 }a%{ endif }\"", "\"%{ for x in 1 }a%{ endfor }\"", "\"%{ for x in null }a%{ endfor }\"",
    "\"${[for x in ln : x]}\"", "\"e\\u0301\" == \"\\u00e9\"", "\"caf\\u0065\\u0301\"",
    # for expressions
    "[for x in [for y in ln : y * 2] : x + 1]", "{for k, v in {a=1, b=2} : v => k}", "{for i, x in l : x => i...}", "[for k, v in m : \"${k}${v}\"]",
    "[for x in t : x]", "[for i, x in t : i]", "{for x in [] : x => x}", "[for x in [] : x]", "[for x in ln : un]", "{for x in ln : x => un}",
    "{for x in l : us => x}", "{for x in [1, 1] : x => x}", "[for x in ln : x if secb]", "{for x in l : sec => x...}",
    # quoting of odd keys and names in messages (Go's %q)
    "m[\"tab\\there\"]", "m.\"x\"", "{for x in [\"a\\nb\", \"a\\nb\"] : x => 1}", "{for x in [\"\\u00e9\", \"\\u00e9\"] : x => 1}",
    "{for x in [\"\\u0001\", \"\\u0001\"] : x => 1}", "o[\"q\\\"uote\"]", "{a = {}}.a.\"b\"",
    # numbers
    "1e-400 + 0", "1e400 * 10", "0.1 * 3", "1 / 3", "2 / 3 * 3", "-0", "0 * -1", "10 % 3", "-10 % 3", "10 % -3", "5.5 % 2", "1e308 * 10",
    "9223372036854775807 + 1", "-9223372036854775808 - 1", "9223372036854775807 * 2", "3 / 0 * 0", "0 / 0",
]
for e in MISC:
    add(e)
for e in ["x", "upper(\"a\")", "1 + 1", "x.y[0]", "[for v in [1] : v]"]:
    add(e, "empty")
    add(e, "nil")

JSON = [
    '{"a": 1, "b": "x${s}", "c": [true, null, 1.50]}', '["${n + 1}", "plain", "${sec}"]', '{"${s}": 1}', '{"a": 1, "a": 2}',
    '{"${nul}": 1}', '{"${l}": 1}', '{"${us}": 1}', '["${nosuch}"]', '["${", "b"]', '{"x": {"y": ["${upper(s)}"]}}', '["%{ if b }y%{ endif }"]',
    '[12345678901234567890123, -0.5e3]', '{"a\\u00e9": 1, "a\\u00e9": 2}', '{"\\n": 1, "\\n": 2}',
    '{\n  "a": 1,\n  "a": {"b": 2}\n}', '{"k": "${[for x in ln : x * 2]}"}', '["${secl}"]', '{"a${s}": "b", "ahello": "c"}',
]
for e in JSON:
    add(e, syntax="json")
    add(e, "nil", "json")
    add(e, "empty", "json")

# ---------------------------------------------------------------- random expressions
# Expressions drawn from a small grammar over the variables above: operators, conditionals, tuple
# and object constructors (literal, parenthesised and null keys), for expressions of every form,
# index, attribute and both splats, templates with interpolations and both directives, and calls.
# Most are wrong somewhere, so they test what hclsyntax does after an error: which further errors
# it reports and what its placeholder values are (an unknown of which type). 3,000 of them, from a
# generator of their own so the cases above stay as they are.
expr_rng = random.Random(20261202)
RANDOM_LITERALS = ["0", "1", "-1", "2.5", "1e3", "0.1", '"a"', '"b"', '""', '"1"', '"true"', "true", "false", "null", '"\u00e9"',
                   '"e\\u0301"']
RANDOM_OPERATORS = ["||", "&&", "==", "!=", ">", ">=", "<", "<=", "+", "-", "*", "/", "%"]


def random_atom():
    return expr_rng.choice(RANDOM_VARS) if expr_rng.random() < 0.45 else expr_rng.choice(RANDOM_LITERALS)


def random_expr(depth):
    if depth <= 0:
        return random_atom()
    sub = lambda: random_expr(depth - 1)
    k = expr_rng.randrange(16)
    if k == 0:
        return f"{sub()} {expr_rng.choice(RANDOM_OPERATORS)} {sub()}"
    if k == 1:
        return f"{sub()} ? {sub()} : {sub()}"
    if k == 2:
        return expr_rng.choice(["!", "-"]) + sub()
    if k == 3:
        return "[" + ", ".join(sub() for _ in range(expr_rng.randrange(4))) + "]"
    if k == 4:
        keys = ["a", "b", "k", '"x"', "(s)", "(n)", "(us)", "(nul)", "(sec)", "null", "true"]
        return "{" + ", ".join(f"{expr_rng.choice(keys)} = {sub()}" for _ in range(expr_rng.randrange(4))) + "}"
    if k == 5:
        return f"[for x in {sub()} : {random_using('x', depth - 1)}]"
    if k == 6:
        key = expr_rng.choice(["k", "v", '"c"', "upper(k)"])
        return "{for k, v in " + sub() + " : " + key + " => " + random_using("v", depth - 1) + expr_rng.choice(["", "..."]) + "}"
    if k == 7:
        return f"[for i, x in {sub()} : x if {random_using('i', depth - 1)}]"
    if k == 8:
        return f"{sub()}[{sub()}]"
    if k == 9:
        return f"{sub()}.{expr_rng.choice(['name', 'n', 'a', 'k', '0'])}"
    if k == 10:
        return f"{sub()}[*]" + expr_rng.choice(["", ".a", ".name", "[0]"])
    if k == 11:
        return f"{sub()}.*" + expr_rng.choice(["", ".a", ".name"])
    if k == 12:
        return '"' + expr_rng.choice(["", "x"]) + "${" + sub() + "}" + expr_rng.choice(["", "y"]) + '"'
    if k == 13:
        return '"%{if ' + sub() + '}T%{else}F%{endif}"'
    if k == 14:
        return '"%{for x in ' + sub() + '}${x},%{endfor}"'
    return f"upper({sub()})" if expr_rng.random() < 0.5 else f"min({sub()}, {sub()})"


def random_using(name, depth):
    e = random_expr(depth)
    r = expr_rng.random()
    return e if r < 0.5 else name if r < 0.75 else f"{name} {expr_rng.choice(RANDOM_OPERATORS)} {e}"


existing = {c["expr"] for c in cases}
random_count = 0
while random_count < 3000:
    e = random_expr(expr_rng.randrange(1, 5))
    if e in existing or len(e) > 400:
        continue
    existing.add(e)
    add(e)
    random_count += 1

# The same grammar inside JSON-syntax documents: each string is a template, parsed as native syntax
# at its position in the JSON file, in object values, array elements and object keys. 600 of them:
# the expressions continue the random sweep above, the document forms have a generator of their own.
json_rng = random.Random(20261203)
json_count = 0
while json_count < 600:
    e = json.dumps(random_expr(expr_rng.randrange(1, 4)))[1:-1]  # escaped for a JSON string
    form = json_rng.randrange(5)
    if form == 0:
        doc = '{"a": "${%s}", "b": "x${%s}y"}' % (e, e)
    elif form == 1:
        doc = '["${%s}", 1, true, null]' % e
    elif form == 2:
        doc = '{"${%s}": 1}' % e
    elif form == 3:
        doc = '["%%{if %s}T%%{else}F%%{endif}"]' % e
    else:
        doc = '{"k": {"n": ["${%s}"]}}' % e
    if doc in existing or len(doc) > 800:
        continue
    existing.add(doc)
    add(doc, syntax="json")
    json_count += 1

# ---------------------------------------------------------------- traversals through unknown, null and marked values
# Every unknown, null or sensitive root, old and new, under each traversal shape: attribute and
# index steps (null, unknown, sensitive keys too), legacy `.0`, both splats, relative traversals
# on a parenthesised root, and these inside templates, conditionals, for expressions, function
# arguments and try/can. Appended last so the case numbers above stay as they were.
TRAVERSAL_ROOTS = ["nul", "nl", "un", "us", "ub", "ud", "ul", "um", "sec", "secn", "secb", "secl", "seco"] + \
    [v["name"] for v in TRAVERSAL_VARS]
TRAVERSAL_SHAPES = [
    "X.a", "X.a.b", "X[0]", 'X["k"]', "X[null]", "X.a[null]", "X[0].a", 'X.a[0]["k"]', "X.0", "X.a.0", "X.k", 'X.a["k"]',
    "X[0][null]", "X[*].a", "X.*.a", "X[*][null]", "X[*]", "X.*", "X.a[*].b", "X[us]", "X[sec]", "X[nul]", "X[ud]", "X[secn]",
    "X.a[us]", "X.a[sec]", "(X).a[null]", "(X).a", "(X)[0]", "(X)[null]", "(X).a.b", '(X)["k"]', "[X][0].a", "[X][0][null]",
    "[X][*].a", '"${X.a}"', '"x${X[0]}"', '"%{ for v in X }${v}%{ endfor }"', "b ? X.a : null", 'ub ? X[0] : "z"',
    "false ? 1 : X.a[null]", "[for v in X : v.a]", "{for k, v in X : k => v}", "[for v in [X] : v.a[null]]",
    "upper(X.a)", 'upper(X["k"])', "min(X[0], 1)", 'try(X.a, "d")', 'try(X[null], X.a.b, "d")', "can(X.a)", "can(X[null])",
]
for root in TRAVERSAL_ROOTS:
    for shape in TRAVERSAL_SHAPES:
        e = shape.replace("X", root)
        if e in existing:
            continue
        existing.add(e)
        add(e)

if len(sys.argv) > 1 and sys.argv[1] == "--vars":
    json.dump(VARS, sys.stdout, indent=1)
    sys.stdout.write("\n")
    sys.exit(0)
for c in cases:
    sys.stdout.write(json.dumps(c, separators=(",", ":")) + "\n")
