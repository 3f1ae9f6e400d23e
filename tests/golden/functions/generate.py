#!/usr/bin/env python3
"""Writes the function-call cases (JSON lines) for tests/golden/functions: hand-written calls of
every function that has a go-cty (or HCL tryfunc) reference, plus a seeded, deterministic sweep of
every function over a pool of typed argument values (numbers at the edges, Unicode, nulls,
unknowns, sensitive values, empty and nested collections, sets), with wrong argument counts and
`...` expansion. `--vars` writes the variables every case sees (vars.json); generate.sh has the
reference (`reference functions`) answer the cases.

A case may carry "alias": {"length": "strlen"} (or {"replace": "regexreplace"}): the reference
then binds that name to the cty function with Terraform's semantics for this argument kind, since
Terraform's length/replace dispatch between two cty functions."""
import json
import random
import sys

VARS = [
    {"name": "n", "type": "number", "value": 5},
    {"name": "f", "type": "number", "value": 1.5},
    {"name": "big", "type": "number", "value": 12345678901234567890123},
    {"name": "s", "type": "string", "value": "hello"},
    {"name": "uni", "type": "string", "value": "cafe\u0301 \U0001F44D\U0001F3FD!"},
    {"name": "b", "type": "bool", "value": True},
    {"name": "l", "type": ["list", "string"], "value": ["a", "b"]},
    {"name": "ln", "type": ["list", "number"], "value": [1, 2, 3]},
    {"name": "el", "type": ["list", "string"], "value": []},
    {"name": "lll", "type": ["list", ["list", "string"]], "value": [["a", "b"], ["c"], []]},
    {"name": "st", "type": ["set", "string"], "value": ["y", "x"]},
    {"name": "stn", "type": ["set", "number"], "value": [3, 1, 2]},
    {"name": "es", "type": ["set", "string"], "value": []},
    {"name": "m", "type": ["map", "string"], "value": {"k": "v", "k2": "v2"}},
    {"name": "mn", "type": ["map", "number"], "value": {"a": 1, "b": 2}},
    {"name": "em", "type": ["map", "string"], "value": {}},
    {"name": "o", "type": ["object", {"name": "string", "n": "number"}], "value": {"name": "x", "n": 1}},
    {"name": "t", "type": ["tuple", ["string", "number", "bool"]], "value": ["a", 1, False]},
    {"name": "lo", "type": ["list", ["object", {"a": "string"}]], "value": [{"a": "p"}, {"a": "q"}]},
    {"name": "so", "type": ["set", ["object", {"a": "string"}]], "value": [{"a": "p"}]},
    {"name": "nul", "type": "string", "value": None},
    {"name": "nl", "type": ["list", "string"], "value": None},
    {"name": "nm", "type": ["map", "string"], "value": None},
    {"name": "un", "type": "number", "unknown": True},
    {"name": "us", "type": "string", "unknown": True},
    {"name": "ub", "type": "bool", "unknown": True},
    {"name": "ud", "type": "dynamic", "unknown": True},
    {"name": "ul", "type": ["list", "string"], "unknown": True},
    {"name": "um", "type": ["map", "string"], "unknown": True},
    {"name": "ust", "type": ["set", "string"], "unknown": True},
    {"name": "uo", "type": ["object", {"a": "string"}], "unknown": True},
    {"name": "sec", "type": "string", "value": "secret", "sensitive": True},
    {"name": "secn", "type": "number", "value": 7, "sensitive": True},
    {"name": "secb", "type": "bool", "value": False, "sensitive": True},
    {"name": "secl", "type": ["list", "string"], "value": ["s1", "s2"], "sensitive": True},
    {"name": "secs", "type": ["set", "string"], "value": ["s1"], "sensitive": True},
    {"name": "secm", "type": ["map", "string"], "value": {"a": "1"}, "sensitive": True},
    {"name": "seco", "type": ["object", {"a": "string"}], "value": {"a": "z"}, "sensitive": True},
]

# The pool of typed argument expressions: (kind, HCL text).
POOL = [
    ("num", "0"), ("num", "1"), ("num", "-1"), ("num", "2.5"), ("num", "-2.5"), ("num", "7"), ("num", "1e3"),
    ("num", "0.1"), ("num", "1e308"), ("num", "-1e-7"), ("num", "12345678901234567890123"),
    ("num", "-12345678901234567890123"), ("num", "1e400"), ("num", "n"), ("num", "f"), ("num", "big"), ("num", "un"),
    ("num", "secn"),
    ("str", '""'), ("str", '"a"'), ("str", '"abc"'), ("str", '"Hello World"'), ("str", '" \\t x \\n"'),
    ("str", '"e\\u0301"'), ("str", '"\\u00e9"'), ("str", '"\U0001F44D\U0001F3FDx"'), ("str", '"10"'), ("str", '"-5"'),
    ("str", '"1.5"'), ("str", '"ff"'), ("str", '"true"'), ("str", '"a,b,c"'), ("str", '"%s-%d"'), ("str", '"[a-z]+"'),
    ("str", '"/b/"'), ("str", '"line\\n"'), ("str", "s"), ("str", "uni"), ("str", "us"), ("str", "sec"), ("str", "nul"),
    ("bool", "true"), ("bool", "false"), ("bool", "b"), ("bool", "ub"), ("bool", "secb"),
    ("null", "null"),
    ("list", "[]"), ("list", "[1, 2, 3]"), ("list", '["a", "b", "a"]'), ("list", '["a", 1]'),
    ("list", '[["a"], ["b", "c"]]'), ("list", '[null, "a", ""]'), ("list", '[sec, "x"]'), ("list", "l"), ("list", "ln"),
    ("list", "el"), ("list", "lll"), ("list", "ul"), ("list", "nl"), ("list", "secl"), ("list", "[un]"),
    ("list", "[1, [2, [3]]]"), ("list", "lo"), ("list", "t"),
    ("set", "st"), ("set", "stn"), ("set", "es"), ("set", "so"), ("set", "ust"), ("set", "secs"),
    ("map", "{}"), ("map", "{a = 1}"), ("map", '{a = "x", b = "y"}'), ("map", "{a = [1], b = {c = 2}}"), ("map", "m"),
    ("map", "em"), ("map", "mn"), ("map", "um"), ("map", "nm"), ("map", "secm"), ("map", "o"), ("map", "seco"),
    ("map", "{a = un}"), ("map", "uo"),
    ("dyn", "ud"),
]

# name: (min args, max args or None for variadic, preferred kinds by position (last repeats))
FUNCTIONS = {
    "abs": (1, 1, ["num"]), "ceil": (1, 1, ["num"]), "floor": (1, 1, ["num"]), "log": (2, 2, ["num"]),
    "max": (1, None, ["num"]), "min": (1, None, ["num"]), "parseint": (2, 2, ["str", "num"]), "pow": (2, 2, ["num"]),
    "signum": (1, 1, ["num"]),
    "chomp": (1, 1, ["str"]), "format": (1, None, ["str", "num"]), "formatlist": (1, None, ["str", "list"]),
    "indent": (2, 2, ["num", "str"]), "join": (2, None, ["str", "list"]), "lower": (1, 1, ["str"]),
    "regex": (2, 2, ["str"]), "regexall": (2, 2, ["str"]), "replace": (3, 3, ["str"]), "split": (2, 2, ["str"]),
    "strrev": (1, 1, ["str"]), "substr": (3, 3, ["str", "num"]), "title": (1, 1, ["str"]), "trim": (2, 2, ["str"]),
    "trimprefix": (2, 2, ["str"]), "trimspace": (1, 1, ["str"]), "trimsuffix": (2, 2, ["str"]), "upper": (1, 1, ["str"]),
    "chunklist": (2, 2, ["list", "num"]), "coalesce": (1, None, ["str", "num", "null"]),
    "coalescelist": (1, None, ["list"]), "compact": (1, 1, ["list"]), "concat": (1, None, ["list"]),
    "contains": (2, 2, ["list", "str"]), "distinct": (1, 1, ["list"]), "element": (2, 2, ["list", "num"]),
    "flatten": (1, 1, ["list"]), "keys": (1, 1, ["map"]), "length": (1, 1, ["list", "str", "map", "set"]),
    "lookup": (3, 3, ["map", "str", "str"]), "merge": (0, None, ["map"]), "range": (1, 3, ["num"]),
    "reverse": (1, 1, ["list"]), "setintersection": (1, None, ["set", "list"]), "setproduct": (0, None, ["set", "list"]),
    "setsubtract": (2, 2, ["set", "list"]), "setunion": (1, None, ["set", "list"]), "slice": (3, 3, ["list", "num"]),
    "sort": (1, 1, ["list"]), "values": (1, 1, ["map"]), "zipmap": (2, 2, ["list"]),
    "csvdecode": (1, 1, ["str"]), "jsondecode": (1, 1, ["str"]), "jsonencode": (1, 1, ["list", "map", "str", "num"]),
    "tobool": (1, 1, ["bool", "str"]), "tonumber": (1, 1, ["num", "str"]), "tostring": (1, 1, ["str", "num", "bool"]),
    "tolist": (1, 1, ["list", "set"]), "toset": (1, 1, ["list", "set"]), "tomap": (1, 1, ["map"]),
    "try": (1, None, ["num", "str", "map"]), "can": (1, 1, ["num", "str", "map"]),
}

KIND = {text: kind for kind, text in POOL}

cases = []
seen = set()


def alias_for(expr_name, args):
    """The reference binding for Terraform's length/replace on these arguments."""
    if expr_name == "length" and len(args) == 1 and KIND.get(args[0]) == "str":
        return {"length": "strlen"}
    if expr_name == "replace" and len(args) == 3:
        sub = args[1]
        if len(sub) > 3 and sub.startswith('"/') and sub.endswith('/"'):
            return {"replace": "regexreplace"}
    return None


def add(expr, alias=None):
    if expr in seen:
        return
    seen.add(expr)
    c = {"expr": expr}
    if alias:
        c["alias"] = alias
    cases.append(c)


def call(name, args, expand=False):
    text = f"{name}({', '.join(args)}{'...' if expand else ''})"
    add(text, alias_for(name, args) if not expand else None)


# ---------------------------------------------------------------- hand-written cases
HAND = {
    "abs": ["abs(-0)", "abs(-12345678901234567890123.5)", "abs(1e-400)", "abs(-1e400)", "abs(\"-3\")", "abs(\"x\")"],
    "ceil": ["ceil(1.0000000000000001)", "ceil(-0.5)", "ceil(1e400)", "ceil(-1e400)", "ceil(12345678901234567890123.5)",
             "ceil(\"2.1\")", "ceil(0.1 + 0.2)"],
    "floor": ["floor(-0.5)", "floor(1e400)", "floor(-12345678901234567890123.5)", "floor(2.9999999999999999999)",
              "floor(\"-2.1\")"],
    "log": ["log(8, 2)", "log(1, 10)", "log(0, 10)", "log(-1, 10)", "log(10, 1)", "log(10, 0)", "log(1e400, 10)",
            "log(16, 0.5)", "log(big, 10)", "log(secn, 7)", "log(un, 2)", "log(\"8\", \"2\")"],
    "pow": ["pow(2, 10)", "pow(2, -1)", "pow(0, 0)", "pow(0, -1)", "pow(-8, 1/3)", "pow(2, 1024)", "pow(2, 0.5)",
            "pow(10, 308)", "pow(-2, 3)", "pow(big, 2)", "pow(secn, 2)", "pow(un, 2)", "pow(1e400, 0)"],
    "signum": ["signum(-0)", "signum(1e-400)", "signum(-1e400)", "signum(big)", "signum(secn)", "signum(\"-3\")"],
    "max": ["max()", "max(1, 2, 3)", "max(ln...)", "max([]...)", "max(stn...)", "max(1, \"2\")", "max(1, \"x\")",
            "max(big, 1e400)", "max(-1e400, 0)", "max(secn, 1)", "max(un, 1)", "max(t...)", "max(1, null)", "max(ul...)",
            "max(0.1, 0.10000000000000001)"],
    "min": ["min()", "min(1, 2, 3)", "min(ln...)", "min(stn...)", "min(1, \"0\")", "min(-big, 1)", "min(secn, 100)",
            "min(un, 1)", "min(l...)", "min(null)"],
    "parseint": ["parseint(\"100\", 10)", "parseint(\"FF\", 16)", "parseint(\"ff\", 16)", "parseint(\"-101\", 2)",
                 "parseint(\"zz\", 36)", "parseint(\"12\", 2)", "parseint(\"1\", 1)", "parseint(\"1\", 37)",
                 "parseint(\"\", 10)", "parseint(\"0x10\", 16)", "parseint(\"+7\", 10)", "parseint(\"1.5\", 10)",
                 "parseint(\"123456789012345678901234567890\", 10)", "parseint(\"-\", 10)", "parseint(10, 10)",
                 "parseint(sec, 10)", "parseint(\"11\", secn)", "parseint(us, 10)", "parseint(\"1\", 2.5)",
                 "parseint(\"1\", un)", "parseint(\"\u0661\", 10)", "parseint(\"7\", 8)", "parseint(\"8\", 8)"],
    "chomp": ["chomp(\"a\\n\")", "chomp(\"a\\r\\n\")", "chomp(\"a\\n\\n\\r\\n\")", "chomp(\"a\\r\")", "chomp(\"\\n\")",
              "chomp(sec)"],
    "format": [
        "format(\"%s\", \"a\")", "format(\"%d\", 1)", "format(\"%d\", 1.5)", "format(\"%f\", 1)", "format(\"%.2f\", 3.14159)",
        "format(\"%e\", 12345.678)", "format(\"%g\", 0.000001)", "format(\"%x\", 255)", "format(\"%X\", 255)",
        "format(\"%o\", 8)", "format(\"%b\", 5)", "format(\"%q\", \"a\\\"b\")", "format(\"%v\", [1, \"a\"])",
        "format(\"%#v\", {a = 1})", "format(\"%t\", true)", "format(\"%t\", \"true\")", "format(\"%5d|%-5d|%05d\", 1, 2, 3)",
        "format(\"%+d % d\", 5, 5)", "format(\"%[2]s %[1]s\", \"a\", \"b\")", "format(\"%%\")", "format(\"%s\")",
        "format(\"%s %s\", \"a\")", "format(\"x\", 1)", "format(\"%z\", 1)", "format(\"%s\", null)", "format(\"%d\", null)",
        "format(\"%v\", null)", "format(\"%s\", sec)", "format(sec, 1)", "format(\"%s\", us)", "format(us, 1)",
        "format(\"%d\", big)", "format(\"%f\", big)", "format(\"%.3s\", \"abcdef\")", "format(\"%10.3f\", -1.5)",
        "format(\"%s\", [1])", "format(\"%d\", \"12\")", "format(\"%d\", \"x\")", "format(\"%s\", 1.50)",
        "format(\"%s\", true)", "format(\"%x\", \"hi\")", "format(\"%v\", ud)", "format(\"%s-%s\", l...)",
        "format(\"%[3]s\", 1)", "format(\"%*d\", 3, 1)", "format(\"%-10s|\", \"e\\u0301\")", "format(\"%5s|\", \"\U0001F44D\")",
        "format(\"%.1s\", \"\U0001F44D\U0001F3FD\")", "format(\"%d\", 1e400)", "format(\"%e\", -0.0)", "format(\"%#x\", 255)",
        "format(\"%#o\", 8)", "format(\"%q\", 1)", "format(\"%v\", 12345678901234567890123)", "format(\"%.30f\", 0.1)",
        "format(\"%g\", 1e21)", "format(\"%v\", {b = 1, a = [true, null]})", "format(\"%v\", st)",
        "format(\"%s\", \"%d\")", "format(\"%[0]d\", 1)", "format(\"%[x]d\", 1)", "format(\"%.d\", 1)", 
        "format(\"%d %d\", ln...)", "format(\"%v\", secl)",
        # Widths and precisions Go's fmt refuses (cty hands it the number verbs): no verb, the
        # unused argument after it; and numbers past Go's int, which wrap as Go's do.
        "format(\"%1000000000d\", 1)", "format(\"%.1000000000f\", 1)", "format(\"%100000000d\", -12)",
        "format(\"%-+100000000x\", 255)", "format(\"%.100000000e\", 1e-7)", "format(\"%.100000000g\", 0.1)",
        "format(\"%5.100000000f\", -2.5)", "format(\"%100000000d\", 1e400)", "format(\"%100000000f\", 1e400)",
        "format(\"%100000000d\", 1.5)", "format(\"%10000010d|%s\", 7, \"a\")", "format(\"%.10000010f\", 7)",
        "format(\"%99999999999999999999999d\", 1)", "format(\"%[99999999999]d\", 1)",
        "format(\"%[99999999999999999999]d\", 1)", "format(\"%.100000000s|%1000001t\", \"abc\", true)",
        # Zero at precision zero is nothing: no sign, no prefix, no padding (big.Int's Format).
        "format(\"%7.0o|%+.b|% .0X|\", 0, 0, 0)", "format(\"%#7.0x|%-5.0d|%05.0d|\", 0, 0, 0)",
        "format(\"%5.0d|%.0d|%+.0d\", 1, -0, 0)",
    ],
    "formatlist": [
        "formatlist(\"%s-%s\", l, l)", "formatlist(\"%s\", [])", "formatlist(\"%s=%d\", l, 1)", "formatlist(\"%s\", l, [1])",
        "formatlist(\"%s %s\", [\"a\"], [\"b\", \"c\"])", "formatlist(\"x\")", "formatlist(\"%s\", ul)",
        "formatlist(\"%s\", [us, \"a\"])", "formatlist(\"%s\", secl)", "formatlist(\"%s\", [sec])", "formatlist(\"%s\", st)",
        "formatlist(\"%s\", null)", "formatlist(\"%s\", [null])", "formatlist(\"%d\", [\"x\"])", "formatlist(\"%s\", t)",
        "formatlist(\"%v\", [[1], [2]])", "formatlist(\"%s\", m)", "formatlist(us, l)", "formatlist(\"%s %s\", l, ul)",
        "formatlist(\"%100000000d\", [1, 2])",
    ],
    "indent": ["indent(2, \"a\\nb\\n\")", "indent(0, \"a\\nb\")", "indent(-1, \"a\\nb\")", "indent(2.5, \"a\\nb\")",
               "indent(2, \"\")", "indent(2, \"a\\r\\nb\")", "indent(1e400, \"a\\nb\")", "indent(2, sec)",
               "indent(secn, \"a\\nb\")", "indent(\"3\", \"a\\nb\")"],
    "join": ["join(\",\", l)", "join(\",\", [])", "join(\",\", l, ln)", "join(\",\", [\"a\", null])", "join(\",\")",
             "join(\",\", st)", "join(\",\", [[\"a\"]])", "join(\",\", t)", "join(\"\", l, l)", "join(sec, l)",
             "join(\",\", secl)", "join(\",\", [sec, \"x\"])", "join(\",\", ul)", "join(\",\", [us])", "join(\",\", nl)",
             "join(\",\", [\"e\\u0301\", \"\\u00e9\"])", "join(\",\", lll...)", "join(\",\", [true, 1])"],
    "lower": ["lower(\"\u00c9COLE\")", "lower(\"\u0130\")", "lower(\"\u03a3\u039f\u03a3\")", "lower(\"\u1e9e\")", "lower(uni)"],
    "upper": ["upper(\"stra\u00dfe\")", "upper(\"\u01c6\")", "upper(\"\u0131i\")", "upper(\"\u1f80\")", "upper(\"e\\u0301\")",
              "upper(uni)", "upper(\"\uff41\")"],
    "title": ["title(\"hello world\")", "title(\"hello-world_foo.bar\")", "title(\"\u01c6ungla\")", "title(\"\u00e9cole \u00e9t\u00e9\")",
              "title(\"a\\tb\\nc\")", "title(\"o'neil\")", "title(\"123abc\")", "title(uni)", "title(\"\u00dfa\")"],
    "strrev": ["strrev(\"abc\")", "strrev(\"e\\u0301x\")", "strrev(\"\U0001F44D\U0001F3FDa\")", "strrev(\"\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA\")",
               "strrev(\"\U0001F468\u200d\U0001F469\u200d\U0001F467x\")", "strrev(uni)", "strrev(\"\\r\\nx\")", "strrev(\"\")"],
    "substr": ["substr(\"hello\", 1, 3)", "substr(\"hello\", -3, 2)", "substr(\"hello\", 0, -1)", "substr(\"hello\", 10, 1)",
               "substr(\"hello\", -10, 1)", "substr(\"hello\", 2, 100)", "substr(\"hello\", 1.5, 1)", "substr(\"hello\", 1, -2)",
               "substr(\"e\\u0301abc\", 0, 1)", "substr(\"\U0001F44D\U0001F3FDab\", 1, 2)", "substr(uni, 3, 3)", "substr(\"\", 0, 0)",
               "substr(\"abc\", 3, 0)", "substr(\"abc\", 0, 0)", "substr(\"abc\", big, 1)", "substr(\"abc\", 1e400, 1)",
               "substr(sec, 0, 2)", "substr(\"abc\", secn, 1)", "substr(us, 0, 1)", "substr(\"abc\", un, 1)", "substr(\"abc\", -1, -1)"],
    "trim": ["trim(\"?!hello?!\", \"!?\")", "trim(\"  a  \", \" \")", "trim(\"aaa\", \"a\")", "trim(\"abc\", \"\")",
             "trim(\"\u00e9a\u00e9\", \"\u00e9\")", "trim(\"e\\u0301ae\\u0301\", \"\\u0301\")", "trim(sec, \"s\")", "trim(\"xax\", sec)"],
    "trimprefix": ["trimprefix(\"helloworld\", \"hello\")", "trimprefix(\"hello\", \"\")", "trimprefix(\"hello\", \"hello\")",
                   "trimprefix(\"hellohello\", \"hello\")", "trimprefix(\"e\\u0301x\", \"e\")", "trimprefix(sec, \"se\")"],
    "trimsuffix": ["trimsuffix(\"helloworld\", \"world\")", "trimsuffix(\"hello\", \"x\")", "trimsuffix(\"ae\\u0301\", \"\\u0301\")",
                   "trimsuffix(sec, \"et\")"],
    "trimspace": ["trimspace(\" \\t\\n\\r a b \\n\")", "trimspace(\"\u00a0a\u3000\")", "trimspace(\"\u200ba\")", "trimspace(\"\\u0085a\")",
                  "trimspace(\"\\u000b\\u000ca\")", "trimspace(sec)"],
    "split": ["split(\",\", \"a,b,c\")", "split(\",\", \"\")", "split(\"\", \"abc\")", "split(\"\", \"e\\u0301\U0001F44D\")",
              "split(\",\", \"a,,b,\")", "split(\"ab\", \"cabd\")", "split(\",\", sec)", "split(sec, \"a\")", "split(\",\", us)",
              "split(\",\", nul)", "split(null, \"a\")", "split(1, \"a1b\")"],
    "regex": ["regex(\"[a-z]+\", \"53453453.345345aaabbbccc23454\")", "regex(\"(\\\\d\\\\d\\\\d\\\\d)-(\\\\d\\\\d)\", \"2019-02-01\")",
              "regex(\"(?P<y>\\\\d+)-(?P<m>\\\\d+)\", \"2019-02\")", "regex(\"x\", \"abc\")", "regex(\"(\", \"abc\")",
              "regex(\"(?P<a>x)(y)\", \"xy\")", "regex(\"(a)|(b)\", \"b\")", "regex(\"\", \"abc\")", "regex(\"\\\\pL+\", \"\u00e9t\u00e9!\")",
              "regex(\"(?i)ABC\", \"xabcx\")", "regex(\".\", \"\U0001F44D\")", "regex(\"a*?\", \"aaa\")", "regex(\"(?=a)\", \"a\")",
              "regex(\"\\\\C\", \"a\")", "regex(\"a{1001}\", \"a\")", "regex(\"[z-a]\", \"a\")", "regex(sec, \"secret\")",
              "regex(\"s\", sec)", "regex(us, \"a\")", "regex(\"(a\", us)", "regex(\"a\", us)", "regex(\"(?P<n>a)(?P<n>b)\", \"ab\")",
              "regex(\"^$\", \"\")", "regex(\"(a)(b)?\", \"a\")", "regex(\"(?P<x>a)(?P<y>b)?\", \"a\")", "regex(\"\\\\bfoo\\\\b\", \"a foo b\")",
              "regex(\"[[:alpha:]]+\", \"ab1\")", "regex(\"\\\\x{1F44D}\", \"\U0001F44D\")", "regex(\"a++\", \"a\")", "regex(\"\\\\8\", \"a\")"],
    "regexall": ["regexall(\"[a-z]+\", \"1234abcd5678efgh9\")", "regexall(\"x\", \"abc\")", "regexall(\"(\\\\d)(\\\\w)\", \"1a2b3c\")",
                 "regexall(\"(?P<d>\\\\d)\", \"1a2\")", "regexall(\"\", \"abc\")", "regexall(\"a*\", \"baaab\")", "regexall(\"(\", \"a\")",
                 "regexall(\"e\", \"e\\u0301e\")", "regexall(\"s\", sec)", "regexall(\"a\", us)", "regexall(us, \"a\")",
                 "length(regexall(\"a\", \"aaa\"))"],
    "replace": ["replace(\"hello\", \"l\", \"L\")", "replace(\"hello\", \"\", \"-\")", "replace(\"e\\u0301e\\u0301\", \"\\u00e9\", \"x\")",
                "replace(\"aaa\", \"aa\", \"b\")", "replace(\"\", \"\", \"x\")", "replace(\"hello\", \"/l+/\", \"L\")",
                "replace(\"hello\", \"/(l)(o)/\", \"$2$1\")", "replace(\"hello\", \"/(?P<x>l)/\", \"$${x}!\")", "replace(\"hello\", \"/x/\", \"y\")",
                "replace(\"hello\", \"/(/\", \"y\")", "replace(\"hello\", \"/\", \"y\")", "replace(\"a/b/c\", \"/\", \"-\")",
                "replace(\"abc\", \"//\", \"-\")", "replace(\"hello\", \"/l/\", \"$$\")", "replace(\"hello\", \"/l/\", \"$1\")",
                "replace(\"hello\", \"/l/\", \"$0x\")", "replace(\"hello\", \"/^/\", \">\")", "replace(\"ab\", \"/\\\\b/\", \"|\")",
                "replace(sec, \"s\", \"S\")", "replace(\"abc\", \"b\", sec)", "replace(us, \"a\", \"b\")", "replace(\"abc\", us, \"b\")",
                "replace(\"a.b\", \".\", \"-\")", "replace(\"a.b\", \"/./\", \"-\")", "replace(\"\U0001F44D\U0001F3FD\", \"\U0001F3FD\", \"\")",
                "replace(\"hello\", \"/l*/\", \"-\")", "replace(\"hello\", \"/(?i)L/\", \"x\")"],
    "chunklist": ["chunklist(ln, 2)", "chunklist(ln, 1)", "chunklist(ln, 0)", "chunklist(ln, -1)", "chunklist(ln, 1.5)",
                  "chunklist([], 2)", "chunklist(l, 5)", "chunklist(st, 1)", "chunklist(t, 2)", "chunklist(ul, 2)", "chunklist(ln, un)",
                  "chunklist(secl, 1)", "chunklist(ln, secn)", "chunklist([sec, \"a\", \"b\"], 2)", "chunklist(nl, 1)", "chunklist(ln, null)",
                  "chunklist([un, 1, 2], 2)", "chunklist(ln, big)"],
    "coalesce": ["coalesce(\"a\", \"b\")", "coalesce(null, \"b\")", "coalesce(null, 1)", "coalesce(1, \"a\")", "coalesce(\"a\", 1)",
                 "coalesce(null, null)", "coalesce()", "coalesce([], [1])", "coalesce(null, [1])", "coalesce(l, ln)", "coalesce(m, o)",
                 "coalesce(un, 1)", "coalesce(1, un)", "coalesce(nul, sec)", "coalesce(sec, \"x\")", "coalesce(null, secn, 1)",
                 "coalesce(ud, 1)", "coalesce(true, \"x\")", "coalesce(l, \"x\")", "coalesce(nul, nul)", "coalesce(nul, us)",
                 "coalesce(l...)", "coalesce(t...)", "coalesce({a = 1}, {b = 2})", "coalesce(null, {a = 1})"],
    "coalescelist": ["coalescelist([], [1])", "coalescelist(el, l)", "coalescelist([], [])", "coalescelist()", "coalescelist(null, l)",
                     "coalescelist(1, l)", "coalescelist(st, l)", "coalescelist(ul, l)", "coalescelist(el, ul)", "coalescelist(secl, l)",
                     "coalescelist(el, secl)", "coalescelist(t, l)", "coalescelist([], [1], [\"a\"])", "coalescelist(m)", "coalescelist(lll...)"],
    "compact": ["compact([\"a\", \"\", \"b\", null])", "compact([])", "compact(el)", "compact([\"\", \"\"])", "compact(st)",
                "compact(ul)", "compact([us, \"\"])", "compact([sec, \"\"])", "compact(secl)", "compact([1, 2])", "compact(t)",
                "compact([[\"a\"]])", "compact(nl)", "compact([\"a\", nul])", "compact(ln)"],
    "concat": ["concat(l, ln)", "concat(l, l)", "concat([], [])", "concat()", "concat(l, t)", "concat(st, l)", "concat(l, \"a\")",
               "concat(ul, l)", "concat(secl, l)", "concat(l, [sec])", "concat(lll...)", "concat([1], [\"a\"])", "concat([1], [[1]])",
               "concat(nl, l)", "concat(l, null)", "concat([un], l)", "concat(m)", "concat(ud, l)", "concat(el, el)"],
    "contains": ["contains(l, \"a\")", "contains(l, \"z\")", "contains(ln, 2)", "contains(ln, \"2\")", "contains(l, 1)",
                 "contains(st, \"x\")", "contains(t, 1)", "contains(m, \"v\")", "contains(ul, \"a\")", "contains(l, us)",
                 "contains([us, \"a\"], \"a\")", "contains([us, \"a\"], \"b\")", "contains(secl, \"s1\")", "contains(l, sec)",
                 "contains([sec], \"secret\")", "contains(l, null)", "contains([null], null)", "contains(nl, \"a\")",
                 "contains([[1]], [1])", "contains(lo, {a = \"p\"})", "contains(so, {a = \"p\"})", "contains(\"abc\", \"a\")",
                 "contains([\"\\u00e9\"], \"e\\u0301\")", "contains([1.0], 1)", "contains([big], 12345678901234567890123)"],
    "distinct": ["distinct([\"a\", \"b\", \"a\"])", "distinct([])", "distinct(ln)", "distinct([1, \"1\"])", "distinct(t)",
                 "distinct(st)", "distinct(ul)", "distinct([us, \"a\"])", "distinct(secl)", "distinct([sec, sec])",
                 "distinct([[1], [1]])", "distinct([null, null])", "distinct(nl)", "distinct(\"a\")", "distinct(lo)",
                 "distinct([\"e\\u0301\", \"\\u00e9\"])"],
    "element": ["element(l, 0)", "element(l, 1)", "element(l, 2)", "element(l, -1)", "element(l, 1.5)", "element(el, 0)",
                "element(t, 1)", "element(t, 4)", "element(st, 0)", "element(ul, 0)", "element(l, un)", "element(t, un)",
                "element(secl, 0)", "element(l, secn)", "element([sec, \"a\"], 0)", "element(nl, 0)", "element(l, null)",
                "element(l, big)", "element(l, \"1\")", "element(m, 0)", "element(l, 1e400)", "element([], un)"],
    "flatten": ["flatten([[1, 2], [3]])", "flatten([])", "flatten([[], []])", "flatten([[[1]], [2]])", "flatten(lll)",
                "flatten([1, [2, [3, [4]]]])", "flatten(t)", "flatten([st])", "flatten(st)", "flatten(ul)", "flatten([ul])",
                "flatten([ul, [1]])", "flatten(secl)", "flatten([secl])", "flatten([null])", "flatten([[null]])", "flatten(nl)",
                "flatten(\"a\")", "flatten([[1], [\"a\"]])", "flatten([un])", "flatten([[1], ud])", "flatten([{a = 1}])", "flatten([m])"],
    "keys": ["keys(m)", "keys({})", "keys(em)", "keys(o)", "keys({b = 1, a = 2})", "keys(um)", "keys(uo)", "keys(secm)",
             "keys(seco)", "keys({a = sec})", "keys(nm)", "keys(l)", "keys(ud)", "keys({\"\\u00e9\" = 1, \"e\\u0301\" = 2})",
             "keys({B = 1, a = 2, \"\" = 3})"],
    "values": ["values(m)", "values({})", "values(o)", "values({b = 1, a = \"x\"})", "values(um)", "values(uo)", "values(secm)",
               "values(seco)", "values({a = sec})", "values(nm)", "values(l)", "values(ud)", "values(mn)"],
    "length": [],
    "lookup": ["lookup(m, \"k\", \"d\")", "lookup(m, \"z\", \"d\")", "lookup(m, \"z\", 1)", "lookup(mn, \"a\", \"x\")",
               "lookup(o, \"name\", \"d\")", "lookup(o, \"zz\", \"d\")", "lookup(o, \"n\", \"d\")", "lookup({}, \"a\", 1)",
               "lookup(um, \"a\", \"d\")", "lookup(m, us, \"d\")", "lookup(o, us, \"d\")", "lookup(secm, \"a\", \"d\")",
               "lookup(m, sec, \"d\")", "lookup(m, \"z\", sec)", "lookup(seco, \"a\", \"d\")", "lookup(nm, \"a\", \"d\")",
               "lookup(m, null, \"d\")", "lookup(m, \"z\", null)", "lookup(l, \"a\", \"d\")", "lookup({a = [1]}, \"a\", [])",
               "lookup({a = {b = 1}}, \"z\", {c = 2})", "lookup(ud, \"a\", 1)", "lookup(m, \"k\", ud)", "lookup(uo, \"a\", \"d\")",
               "lookup(m, \"k\", us)", "lookup(m, \"k\", [1])"],
    "merge": ["merge()", "merge(m)", "merge(m, {k = \"x\"})", "merge(m, mn)", "merge(m, o)", "merge(o, {n = \"2\"})",
              "merge({a = 1}, {b = \"x\"})", "merge(null, m)", "merge(m, null)", "merge(nm, m)", "merge(um, m)", "merge(m, um)",
              "merge(secm, m)", "merge(m, {z = sec})", "merge(seco, o)", "merge(l)", "merge(m, l)", "merge(ud, m)", "merge(uo, o)",
              "merge({}, {})", "merge(em, em)", "merge(m, em)", "merge({a = 1}, {a = null})", "merge({a = {b = 1}}, {a = {c = 2}})"],
    "range": ["range(3)", "range(0)", "range(-3)", "range(1, 4)", "range(4, 1)", "range(0, 1, 0.25)", "range(1, 10, 3)",
              "range(10, 1, -3)", "range(1, 4, -1)", "range(4, 1, 1)", "range(0, 1, 0)", "range(1e400)", "range(1025)",
              "range(1, 2, 3, 4)", "range()", "range(un)", "range(secn)", "range(1, secn)", "range(\"3\")", "range(null)",
              "range(0.5)", "range(-0.5, 2)", "range(big, big + 2)", "range(0, 0.3, 0.1)", "range(1, 1)"],
    "reverse": ["reverse(l)", "reverse([])", "reverse(t)", "reverse(st)", "reverse(ul)", "reverse(secl)", "reverse([sec, \"a\"])",
                "reverse(nl)", "reverse(\"abc\")", "reverse(m)", "reverse([un, 1])", "reverse(ud)", "reverse(lll)"],
    "setintersection": ["setintersection(st, [\"x\", \"z\"])", "setintersection(st)", "setintersection()", "setintersection(st, es)",
                        "setintersection(stn, [1, \"2\"])", "setintersection(st, ust)", "setintersection(st, secs)",
                        "setintersection([1, 2], [2, 3], [2, 4])", "setintersection(st, [1])", "setintersection(st, [[1]])",
                        "setintersection(st, null)", "setintersection(st, \"x\")", "setintersection([us, \"x\"], [\"x\"])",
                        "setintersection(lo, so)", "setintersection(st, m)", "setintersection(ud, st)"],
    "setsubtract": ["setsubtract(st, [\"x\"])", "setsubtract(st, [])", "setsubtract([], st)", "setsubtract(stn, [1, \"2\"])",
                    "setsubtract(st, ust)", "setsubtract(ust, st)", "setsubtract(secs, st)", "setsubtract(st, secs)",
                    "setsubtract(st, [1])", "setsubtract(st)", "setsubtract(st, st, st)", "setsubtract(st, null)",
                    "setsubtract(lo, so)", "setsubtract([us], [\"a\"])"],
    "setunion": ["setunion(st, [\"z\"])", "setunion(st)", "setunion()", "setunion(st, es)", "setunion(stn, [\"4\"])",
                 "setunion(st, ust)", "setunion(st, secs)", "setunion(st, [1])", "setunion([1], [\"a\"])", "setunion(st, [[1]])",
                 "setunion(st, null)", "setunion(lo, so)", "setunion([[1]], [[2]])", "setunion(ud, st)", "setunion([us], [\"a\"])",
                 "setunion(stn, [12345678901234567890123, 1e400])"],
    "setproduct": ["setproduct(st, stn)", "setproduct(l, ln)", "setproduct()", "setproduct(st)", "setproduct(st, es)",
                   "setproduct(l, [])", "setproduct(l, t)", "setproduct([1, \"a\"], l)", "setproduct(st, ust)", "setproduct(l, ul)",
                   "setproduct(secs, st)", "setproduct(l, secl)", "setproduct(st, l)", "setproduct(l, null)", "setproduct(m, l)",
                   "setproduct([[1]], [2])", "setproduct(lo, l)", "setproduct(l, [un])", "setproduct(ud, l)",
                   "setproduct([\"a\", \"a\"], [1])", "setproduct(el, ul)",
                   # An empty argument last: empty at once, without the rows before it.
                   "length(setproduct(range(1000), range(1000), range(1000), []))"],
    "slice": ["slice(l, 0, 1)", "slice(l, 0, 2)", "slice(l, 1, 1)", "slice(l, 2, 1)", "slice(l, 0, 3)", "slice(l, -1, 1)",
              "slice(l, 0.5, 1)", "slice(t, 1, 3)", "slice(t, 0, 0)", "slice(st, 0, 1)", "slice(ul, 0, 1)", "slice(l, un, 1)",
              "slice(t, un, 1)", "slice(secl, 0, 1)", "slice(l, secn, 1)", "slice(l, 0, secn)", "slice([sec, \"a\"], 0, 1)",
              "slice(nl, 0, 0)", "slice(l, null, 1)", "slice(m, 0, 1)", "slice(el, 0, 0)", "slice(l, \"0\", \"1\")", "slice(l, big, 1)"],
    "sort": ["sort([\"b\", \"a\", \"c\"])", "sort([])", "sort(ln)", "sort([10, 9, 100])", "sort([\"10\", \"9\", \"100\"])",
             "sort(st)", "sort(ul)", "sort([us, \"a\"])", "sort(secl)", "sort([sec, \"a\"])", "sort([\"a\", null])", "sort(nl)",
             "sort([true])", "sort([[\"a\"]])", "sort(t)", "sort([\"\\u00e9\", \"e\", \"z\", \"E\", \"\U0001F44D\"])", "sort(\"a\")",
             "sort(m)", "sort([\"b\", \"a\", \"b\"])"],
    "zipmap": ["zipmap(l, ln)", "zipmap([], [])", "zipmap(l, [1])", "zipmap(l, t)", "zipmap([\"a\", \"a\"], [1, 2])",
               "zipmap(l, [1, \"x\"])", "zipmap(ul, ln)", "zipmap(l, ul)", "zipmap([us, \"b\"], [1, 2])", "zipmap(secl, ln)",
               "zipmap(l, secl)", "zipmap([sec, \"b\"], [1, 2])", "zipmap(l, [sec, \"x\"])", "zipmap(nl, ln)", "zipmap(l, nl)",
               "zipmap(st, ln)", "zipmap(l, st)", "zipmap([1, 2], l)", "zipmap(l, [null, null])", "zipmap(l, [[1], {a = 1}])",
               "zipmap(t, l)", "zipmap(l, m)", "zipmap([null], [1])", "zipmap([\"a\", \"b\"], [un, 2])"],
    "csvdecode": ["csvdecode(\"a,b\\n1,2\\n3,4\\n\")", "csvdecode(\"a,b\\n\")", "csvdecode(\"\")", "csvdecode(\"a,b\\n1\\n\")",
                  "csvdecode(\"a,b\\n1,2,3\\n\")", "csvdecode(\"a,a\\n1,2\\n\")", "csvdecode(\"\\\"a\\\"\\\"b\\\",c\\n1,2\")",
                  "csvdecode(\"a\\n\\\"x\\ny\\\"\\n\")", "csvdecode(\"a\\r\\n1\\r\\n\")", "csvdecode(\"a,b\\n\\\"1\\\"2,3\\n\")",
                  "csvdecode(\" a , b \\n 1 , 2 \\n\")", "csvdecode(\"\\ufeffa\\n1\\n\")", "csvdecode(\"a\\n\\n1\\n\")",
                  "csvdecode(\"\u00e9\\ne\\u0301\\n\")", "csvdecode(sec)", "csvdecode(us)", "csvdecode(nul)", "csvdecode(1)",
                  "csvdecode(\"a;b\\n1;2\")", "csvdecode(\"a,b\\n1,\\\"2\\n\")", "csvdecode(\"#c\\n1\\n\")"],
    "jsondecode": ["jsondecode(\"1\")", "jsondecode(\"1.5e3\")", "jsondecode(\"12345678901234567890123\")", "jsondecode(\"\\\"a\\\"\")",
                   "jsondecode(\"true\")", "jsondecode(\"null\")", "jsondecode(\"[]\")", "jsondecode(\"{}\")", "jsondecode(\"[1, \\\"a\\\", null]\")",
                   "jsondecode(\"{\\\"b\\\": 1, \\\"a\\\": [true]}\")", "jsondecode(\"{\\\"a\\\": 1, \\\"a\\\": 2}\")", "jsondecode(\"\")",
                   "jsondecode(\"[1,]\")", "jsondecode(\"{\")", "jsondecode(\"1 2\")", "jsondecode(\" 1 \")", "jsondecode(\"\\\"\\\\u00e9\\\"\")",
                   "jsondecode(\"\\\"e\\\\u0301\\\"\")", "jsondecode(\"\\\"\\\\ud83d\\\\udc4d\\\"\")", "jsondecode(\"\\\"\\\\ud83d\\\"\")",
                   "jsondecode(\"1e400\")", "jsondecode(\"-0\")", "jsondecode(\"01\")", "jsondecode(\"NaN\")", "jsondecode(\"[[[]]]\")",
                   "jsondecode(sec)", "jsondecode(us)", "jsondecode(nul)", "jsondecode(1)", "jsondecode(\"{\\\"a\\\":{\\\"b\\\":[1,{\\\"c\\\":null}]}}\")",
                   "jsondecode(\"\\\"\\\\x\\\"\")", "jsondecode(\"tru\")", "jsondecode(\"[1] x\")", "jsondecode(\"0.1\")"],
    "jsonencode": ["jsonencode(1)", "jsonencode(\"a\")", "jsonencode(\"<&>\")", "jsonencode(\"\\u2028\")", "jsonencode(null)",
                   "jsonencode(nul)", "jsonencode([])", "jsonencode({})", "jsonencode(l)", "jsonencode(st)", "jsonencode(m)",
                   "jsonencode(o)", "jsonencode(t)", "jsonencode(lo)", "jsonencode(big)", "jsonencode(1e400)", "jsonencode(0.1)",
                   "jsonencode(1.5e-7)", "jsonencode(us)", "jsonencode([us])", "jsonencode(ud)", "jsonencode(sec)", "jsonencode([sec])",
                   "jsonencode(secm)", "jsonencode({b = 1, a = [true, null]})", "jsonencode(\"e\\u0301\U0001F44D\")", "jsonencode(\"\\u0001\\t\")",
                   "jsonencode(-0)", "jsonencode(1e21)", "jsonencode(123456789.123456789)", "jsonencode(nl)", "jsonencode([null])"],
    "tobool": ["tobool(true)", "tobool(\"true\")", "tobool(\"false\")", "tobool(\"yes\")", "tobool(1)", "tobool(null)", "tobool(nul)",
               "tobool(ub)", "tobool(us)", "tobool(secb)", "tobool(sec)", "tobool(l)", "tobool(ud)", "tobool(\"TRUE\")"],
    "tonumber": ["tonumber(1)", "tonumber(\"1\")", "tonumber(\"1.5e3\")", "tonumber(\"x\")", "tonumber(\"\")", "tonumber(\" 1\")",
                 "tonumber(\"0x10\")", "tonumber(\"12345678901234567890123\")", "tonumber(true)", "tonumber(null)", "tonumber(nul)",
                 "tonumber(un)", "tonumber(us)", "tonumber(secn)", "tonumber(sec)", "tonumber(l)", "tonumber(\"1e400\")",
                 "tonumber(\"-0\")", "tonumber(\"Inf\")", "tonumber(\".5\")", "tonumber(\"5.\")", "tonumber(\"1_000\")"],
    "tostring": ["tostring(\"a\")", "tostring(1)", "tostring(1.5)", "tostring(big)", "tostring(true)", "tostring(null)",
                 "tostring(nul)", "tostring(us)", "tostring(un)", "tostring(sec)", "tostring(secn)", "tostring(l)", "tostring(m)",
                 "tostring(ud)", "tostring(1e400)", "tostring(0.1 + 0.2)", "tostring(-0)", "tostring(1/3)"],
    "tolist": ["tolist(l)", "tolist([])", "tolist([1, \"a\"])", "tolist([1, true])", "tolist([1, [1]])", "tolist(st)", "tolist(t)",
               "tolist(m)", "tolist(\"a\")", "tolist(null)", "tolist(nl)", "tolist(ul)", "tolist(secl)", "tolist([sec, 1])",
               "tolist([null, 1])", "tolist([un, \"a\"])", "tolist([{a = 1}, {a = \"x\"}])", "tolist([{a = 1}, {b = 1}])",
               "tolist([[1], [\"a\"]])", "tolist(ud)", "tolist(so)", "tolist(lo)"],
    "toset": ["toset(l)", "toset([\"b\", \"a\", \"b\"])", "toset([])", "toset([1, \"a\"])", "toset([1, [1]])", "toset(st)",
              "toset(t)", "toset(m)", "toset(\"a\")", "toset(null)", "toset(ul)", "toset(secl)", "toset([sec, \"x\"])",
              "toset([null])", "toset([us, \"a\"])", "toset([3, 1, 2, 1.0])", "toset([\"10\", \"9\", 8])", "toset(ud)", "toset(lo)"],
    "tomap": ["tomap(m)", "tomap({})", "tomap({a = 1, b = \"x\"})", "tomap({a = 1, b = true})", "tomap({a = 1, b = [1]})",
              "tomap(o)", "tomap(l)", "tomap(null)", "tomap(nm)", "tomap(um)", "tomap(uo)", "tomap(secm)", "tomap(seco)",
              "tomap({a = sec})", "tomap({a = null, b = 1})", "tomap({a = un})", "tomap({a = {b = 1}, c = {d = 2}})",
              "tomap({a = {b = 1}, c = {b = \"x\"}})", "tomap(ud)", "tomap(\"a\")"],
    "try": ["try(1)", "try(nosuch, 2)", "try(nosuch)", "try()", "try(m.zz, \"d\")", "try(l[5], \"d\")", "try(un, 1)", "try(ud.a, 1)",
            "try(us, 1)", "try(sec, 1)", "try(o.name, 1)", "try(o.zz, o.name)", "try(tonumber(\"x\"), 0)", "try(null, 1)",
            "try(nul, 1)", "try(l[un], 1)", "try(jsondecode(\"{\").a, \"bad\")", "try(1, nosuch)", "try(ul[0], 1)",
            "try(upper(1), \"x\")", "try(secl[5], 1)", "try(nosuch, also_missing)", "try([for x in l : x.y], [])",
            "try(parseint(\"x\", 10), 0)", "try(element(el, 0), \"empty\")"],
    "can": ["can(1)", "can(nosuch)", "can(m.zz)", "can(m.k)", "can(l[5])", "can(un)", "can(ud.a)", "can(sec)", "can(tonumber(\"x\"))",
            "can(null)", "can(regex(\"(\", \"a\"))", "can(regex(\"a\", \"a\"))", "can()", "can(1, 2)", "can(ul[0])", "can(upper(1))",
            "can(l[un])", "can(us)", "can(jsondecode(\"{}\").a)"],
}

# length: Terraform's length() counts grapheme clusters of a string (cty's strlen) and elements
# of a collection (cty's length); its other behaviours are Terraform's own.
LENGTH_STRINGS = ["\"\"", "\"abc\"", "\"e\\u0301\"", "\"\\u00e9\"", "\"\U0001F44D\U0001F3FD\"", "\"\U0001F468\u200d\U0001F469\u200d\U0001F467\"",
                  "\"\U0001F1EB\U0001F1F7\"", "\"\\r\\n\"", "\"a\\u0301\\u0302b\"", "\"\u1100\u1161\u11a8\"", "uni", "sec", "us", "nul", "\"\\u0000\""]
for a in LENGTH_STRINGS:
    add(f"length({a})", {"length": "strlen"})
for a in ["l", "el", "ln", "st", "es", "m", "em", "ul", "um", "ust", "secl", "secs", "secm", "nl", "nm", "[]", "[1, \"a\"]", "t",
          "[sec]", "[un]", "lll", "[null]", "ud"]:
    add(f"length({a})")

for name, exprs in HAND.items():
    for e in exprs:
        name_of = e.split("(", 1)[0]
        # Terraform's replace() dispatches on the /pattern/ form of its second argument.
        alias = {"replace": "regexreplace"} if name_of == "replace" and e.split(", ")[1].startswith('"/') and len(e.split(", ")[1]) > 3 and e.split(", ")[1].endswith('/"') else None
        if name_of == "length" and e.startswith("length(regexall"):
            alias = None
        add(e, alias)

# Calls through `...`: the whole argument list from one tuple/list/set, and a mix of both.
for name, (lo, hi, kinds) in FUNCTIONS.items():
    for spread in ["[]", "l", "ln", "t", "st", "secl", "ul", "nl", "[1, 2]", "[\"a\", \"b\", \"c\"]", "[m, m]", "[l, ln]", "ud", "1"]:
        call(name, [spread], expand=True)

# Wrong argument counts.
for name, (lo, hi, kinds) in FUNCTIONS.items():
    if lo > 0:
        add(f"{name}()")
    if hi is not None:
        add(f"{name}({', '.join(['1'] * (hi + 1))})")

# ---------------------------------------------------------------- seeded sweep
rng = random.Random(20261202)
BY_KIND = {}
for kind, text in POOL:
    BY_KIND.setdefault(kind, []).append(text)
ALL = [text for _, text in POOL]


def pick(kinds, i):
    kind = kinds[min(i, len(kinds) - 1)]
    if rng.random() < 0.65 and kind in BY_KIND:
        return rng.choice(BY_KIND[kind])
    return rng.choice(ALL)


for name, (lo, hi, kinds) in FUNCTIONS.items():
    if lo == 1 and hi == 1:
        for text in ALL:  # every unary function over the whole pool
            call(name, [text])
        continue
    count = 110 if hi is not None and hi <= 3 else 90
    for _ in range(count):
        top = hi if hi is not None else lo + 3
        arity = rng.randint(max(lo, 1), top) if rng.random() < 0.9 else rng.choice([max(lo - 1, 0), top + 1])
        args = [pick(kinds, i) for i in range(arity)]
        expand = hi is None and arity > 0 and rng.random() < 0.15
        if expand:
            args[-1] = rng.choice(BY_KIND["list"] + BY_KIND["set"])
        call(name, args, expand)


# format's verbs: random combinations of flags, widths, precisions, verbs and arguments, with a
# generator of their own (the sweep above stays as it was). Widths and precisions are small, or
# large enough that Go's fmt refuses them for the number verbs (a short "%!(NOVERB)" answer);
# the huge ones only on number verbs, since a string padded to them is gigabytes in the reference
# (and an error here: resource_limits_test.cpp).
format_rng = random.Random(8)
FORMAT_FLAGS = ["", "-", "+", " ", "0", "#", "-0", "+0", "0-", " +"]
FORMAT_WIDTHS = ["", "1", "5", "12"]
FORMAT_PRECISIONS = ["", ".", ".0", ".3", ".20"]
FORMAT_HUGE = ["100000000", "99999999999999999999"]
FORMAT_ARGS = ["1", "-12", "0", "1.5", "-0.25", "1e400", "\"abc\"", "\"e\\u0301x\"", "true", "[1, 2]", "{a = 1}", "255",
               "12345678901234567890123", "null", "sec", "un"]
for _ in range(400):
    fmt, used = "", []
    for _ in range(format_rng.randint(1, 3)):
        verb = format_rng.choice("dbxXoeEfgGsqvt")
        width, precision = format_rng.choice(FORMAT_WIDTHS), format_rng.choice(FORMAT_PRECISIONS)
        if verb in "dbxXoeEfgG" and format_rng.random() < 0.2:
            if format_rng.random() < 0.5:
                width = format_rng.choice(FORMAT_HUGE)
            else:
                precision = "." + format_rng.choice(FORMAT_HUGE)
        fmt += format_rng.choice(["", "x", "|", "%%"]) + "%" + format_rng.choice(FORMAT_FLAGS) + width + precision + verb
        used.append(format_rng.choice(FORMAT_ARGS))
    add("format(" + json.dumps(fmt) + ", " + ", ".join(used) + ")")

# ---------------------------------------------------------------- known differences
# `generate.py --known-differences DUMP` turns the mismatches the test wrote to
# $HCLSCHEMA_FUNCTIONS_GOLDEN_DUMP into known_differences.txt lines, each with its reason; review
# the result by hand (every line must be a difference we mean to keep, or a bug we reported).
def strip_subjects(a):
    a = json.loads(json.dumps(a))
    for d in a.get("diagnostics", []):
        d.pop("subject", None)
    return a


def why(r):
    e, want, got = r["expr"], r["want"], r["got"]
    name = e.split("(", 1)[0]
    wd = " ".join(d["detail"] for d in want.get("diagnostics", []))
    gd = " ".join(d["detail"] for d in got.get("diagnostics", []))
    if strip_subjects(want) == strip_subjects(got):
        if "...)" in e:
            return ("bug (src/eval/evaluate.cpp, reported): an argument expanded from `...` is reported at the start token of "
                    "the expanding expression; hclsyntax reports the whole expression's range")
        return "bug (reported): diagnostic subject range differs from hclsyntax's"
    if name == "length":
        return ("terraform: length() is Terraform's own (strings by grapheme cluster, objects by attribute count, its own "
                "parameter name and type-error message); cty's length only takes collections")
    if name == "lookup" and "the default value must have the same type" in wd:
        return "bug (reported): lookup() must reject a default that does not convert to the map's element type (cty and Terraform both do)"
    if name == "lookup":
        return ("terraform: lookup() is Terraform's own (optional default, no null check on the default, unconverted "
                "default type); cty 1.12.1 requires exactly three arguments")
    if name == "coalesce":
        return "terraform: coalesce() skips empty strings as well as nulls (Terraform's own function); cty skips only nulls"
    if name in ("tobool", "tonumber", "tostring", "tolist", "toset", "tomap"):
        return ("terraform: Terraform's to* functions accept dynamic values and answer the wanted type for null and unknown "
                "arguments; cty's MakeToFunc answers dynamic for them (and keeps list/set/map element types for unknowns)")
    if name == "jsondecode":
        return ("bug (reported): our JSON decoder's messages are not Go encoding/json's (the offending character, EOF, "
                "'extraneous data after JSON object')")
    if want.get("sensitive") is False and got.get("sensitive") is True and want.get("contains_sensitive"):
        return ("marks (reported): a sensitive element marks our whole result; cty marks only the elements that came "
                "from sensitive values (its function has AllowMarked)")
    if want.get("sensitive") is False and got.get("sensitive") is True:
        return "marks (reported): our result is marked sensitive where cty's is not"
    if "panic in function implementation" in wd:
        return "reference bug: cty panics"
    if name == "pow" or (name == "format" and "1e400" in e):
        return ("numbers: cty's pow is Go's math.Pow on float64 (not correctly rounded); 1e400 is cty's 512-bit binary "
                "float, printed by %d with its binary digits")
    if name == "range" and "step must not be zero" in gd:
        return ("reference bug: cty 1.12.1 compares the step with cty.Zero by struct identity, so a zero step runs into the "
                "1024-value limit; we report the zero step (newer cty does too)")
    if name == "reverse" and "can only reverse list or tuple values" in gd:
        return "version: newer cty's reverse() rejects sets (cty 1.12.1 reverses them as lists)"
    if name == "element" and "negative index" in wd:
        return "version: order of element()'s index checks (negative before whole-number/empty list/unknown list) differs from cty 1.12.1"
    if not got.get("diagnostics") and not want.get("diagnostics") and got.get("known") is False and want.get("known") is False:
        return "unknowns (reported): our unknown result has a less precise type than cty's"
    if not got.get("diagnostics") and not want.get("diagnostics") and want.get("known") and not got.get("known"):
        return "unknowns (reported): we answer a wholly unknown value where cty keeps the known parts"
    if not got.get("diagnostics") and wd and name == "slice":
        return "unknowns (reported): slice() with one unknown index does not check the other, known index as cty does"
    return "bug (reported): see the report"


def write_known_differences(dump_path):
    print("# Calls where hclschema knowingly answers differently from go-cty 1.12.1's stdlib. One JSON object a line:")
    print('# {"expr": the case\'s expression, "why": the reason, "ours": our answer as the test compares it (diagnostics')
    print("# only when there are errors)}; the test asserts \"ours\", so a change in our behaviour is noticed.")
    print("# Reasons: terraform = Terraform's function deliberately differs from the raw cty one; version/reference bug =")
    print("# cty 1.12.1 differs from newer cty or is wrong; marks/unknowns/bug (reported) = ours to fix, listed in the")
    print("# helper's report. Written by `generate.py --known-differences DUMP`, then reviewed.")
    for line in open(dump_path, encoding="utf-8"):
        r = json.loads(line)
        print(json.dumps({"expr": r["expr"], "why": why(r), "ours": r["got"]}, ensure_ascii=False, sort_keys=True))


if len(sys.argv) > 2 and sys.argv[1] == "--known-differences":
    write_known_differences(sys.argv[2])
    sys.exit(0)
if len(sys.argv) > 1 and sys.argv[1] == "--vars":
    json.dump(VARS, sys.stdout, indent=1)
    sys.stdout.write("\n")
    sys.exit(0)
for c in cases:
    sys.stdout.write(json.dumps(c, separators=(",", ":"), ensure_ascii=False) + "\n")
