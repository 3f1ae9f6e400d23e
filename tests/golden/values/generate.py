#!/usr/bin/env python3
"""Writes tests/golden/values/cases.jsonl: generated cases for the value layer's differential test.

Each line is one case for `reference values` (tools/reference/values.go): type names and JSON round
trips, NFC strings, number parsing/formatting/arithmetic at the edges, unification of type lists,
and conversions of typed JSON values to every target type of a catalogue. Deterministic (fixed seed).
Run tests/golden/values/generate.sh to refresh cases.jsonl and expected.jsonl together.
"""
import itertools
import json
import random
import sys

rng = random.Random(20261201)
cases = []

PRIM = ["string", "number", "bool"]
TYPES = PRIM + ["dynamic",
    ["list", "string"], ["list", "number"], ["list", "bool"], ["list", "dynamic"],
    ["set", "string"], ["set", "number"], ["set", "dynamic"],
    ["map", "string"], ["map", "number"], ["map", "bool"], ["map", "dynamic"],
    ["list", ["list", "string"]], ["list", ["map", "number"]], ["map", ["list", "string"]],
    ["set", ["list", "number"]], ["list", ["set", "string"]],
    ["tuple", []], ["tuple", ["string"]], ["tuple", ["string", "number"]], ["tuple", ["number", "bool", "string"]],
    ["tuple", ["number", "number"]], ["tuple", [["list", "string"], "string"]],
    ["object", {}], ["object", {"a": "string"}], ["object", {"a": "number"}], ["object", {"a": "string", "b": "number"}],
    ["object", {"a": "string", "b": "number"}, ["b"]], ["object", {"a": "string", "b": "number", "c": "bool"}],
    ["object", {"a": "string", "b": "number", "c": "bool"}, ["a", "c"]],
    ["object", {"name": "string", "tags": ["map", "string"]}],
    ["object", {"name": "string", "ports": ["list", "number"]}, ["ports"]],
    ["list", ["object", {"a": "string"}]], ["map", ["object", {"a": "number"}]],
    ["list", ["object", {"a": "string", "b": "number"}, ["b"]]],
]

for t in TYPES:
    cases.append({"op": "type", "type": t})

# Strings: ASCII, combining marks (NFC), emoji sequences, CJK, controls.
STRINGS = ["", "a", "hello", "e\u0301", "e\u0301\u0301", "\u1100\u1161\u11a8", "A\u030a", "\u212b", "\ufb01",
           "\U0001f1fa\U0001f1f8", "\U0001f468\u200d\U0001f469\u200d\U0001f467", "\U0001f44d\U0001f3fd",
           "\u65e5\u672c\u8a9e", "a\r\nb", "\t\n", "caf\u00e9", "cafe\u0301", "\u0915\u094d\u0937",
           "<&>", "\u2028\u2029", "\x7f", "\u00a0x", "x\u200by", "\u0000"]
for s in STRINGS:
    cases.append({"op": "string", "s": s})

# Numbers: texts at the edges, then arithmetic over pairs.
NUMBERS = ["0", "-0", "1", "-1", "2", "3", "7", "-7", "10", "0.1", "0.2", "0.3", "1.5", "-1.5", "2.5", "0.5",
           "100", "1e3", "1E3", "1e+3", "1e-3", ".5", "5.", "+5", "007", "1.0", "1.10", "3.14159", "-2.75",
           "9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
           "-9223372036854775809", "18446744073709551616", "12345678901234567890123", "1e400", "-1e400",
           "1e-400", "1.7976931348623157e308", "4.9e-324", "123456789.123456789", "0.000001", "1e-7",
           "1e21", "1e22", "123e-20", "0.1e1", "Inf", "-Inf", "+inf", "inf", "1" + "0" * 60,
           "0." + "3" * 80, "3." + "1415926535" * 20, "2e-10", "6.02214076e23", "1.000000000000000000001",
           "5e-1", "12.5", "-0.0", "99999999999999999999", "1e100", "1e-100", "0.30000000000000004"]
BAD_NUMBERS = ["", "-", "+", ".", "e5", "1e", "1e+", "0x10", "1_000", " 1", "1 ", "1.2.3", "NaN", "nan",
               "Infinity", "INF", "abc", "1e5x", "--1", "0b1", "1p3", "١"]
for a in NUMBERS + BAD_NUMBERS:
    cases.append({"op": "number", "a": a})
ARITH = ["0", "-0", "1", "-1", "2", "3", "-7", "0.1", "0.2", "0.3", "1.5", "-2.5", "10", "1e400", "1e-400",
         "9223372036854775807", "-9223372036854775808", "12345678901234567890123", "3.14159", "Inf", "-Inf",
         "0.000001", "7", "1e21", "100"]
for a, b in itertools.product(ARITH, repeat=2):
    cases.append({"op": "number", "a": a, "b": b})
for _ in range(400):
    def rnd():
        k = rng.random()
        if k < 0.3:
            return str(rng.randint(-10**6, 10**6))
        if k < 0.5:
            return str(rng.randint(-10**30, 10**30))
        if k < 0.8:
            return "%d.%0*d" % (rng.randint(-1000, 1000), rng.randint(1, 12), rng.randint(0, 10**12 - 1))[:30]
        return "%de%d" % (rng.randint(1, 999), rng.randint(-60, 60))
    cases.append({"op": "number", "a": rnd(), "b": rnd()})

# Unification.
UTYPES = PRIM + ["dynamic", ["list", "string"], ["list", "number"], ["set", "string"], ["map", "string"],
                 ["map", "number"], ["tuple", ["string"]], ["tuple", ["number", "string"]],
                 ["object", {"a": "string"}], ["object", {"a": "number"}], ["object", {"b": "string"}],
                 ["object", {"a": "string", "b": "bool"}], ["list", "dynamic"], ["map", "dynamic"]]
for a, b in itertools.product(UTYPES, repeat=2):
    cases.append({"op": "unify", "types": [a, b]})
for _ in range(300):
    cases.append({"op": "unify", "types": [rng.choice(UTYPES) for _ in range(rng.randint(1, 4))]})

# Conversions: sample values of source types, into every target type.
SOURCES = [
    ("string", "hello"), ("string", "12"), ("string", "-1.5e3"), ("string", "true"), ("string", "false"),
    ("string", "True"), ("string", "FALSE"), ("string", "1"), ("string", "0"), ("string", ""), ("string", " 1"),
    ("string", "e\u0301"), ("string", "0.1"), ("string", "1e400"), ("string", "Inf"), ("string", None),
    ("number", 0), ("number", 12), ("number", -1.5), ("number", 0.1), ("number", "12345678901234567890123"),
    ("number", 1e300), ("number", None), ("bool", True), ("bool", False), ("bool", None), ("bool", "true"),
    (["list", "string"], ["a", "b"]), (["list", "string"], ["1", "2"]), (["list", "string"], []),
    (["list", "string"], ["b", "a", "b"]), (["list", "string"], ["true", "x"]), (["list", "string"], None),
    (["list", "string"], ["a", None]), (["list", "number"], [3, 1, 2, 1]), (["list", "number"], []),
    (["list", "bool"], [True, False, True]), (["set", "string"], ["z", "a", "m"]), (["set", "number"], [10, 9, 100, -1, 0.5]),
    (["set", "number"], []), (["map", "string"], {"b": "1", "a": "2"}), (["map", "string"], {}),
    (["map", "string"], {"a": "x"}), (["map", "number"], {"a": 1, "b": 2}), (["map", "bool"], {"k": True}),
    (["list", ["list", "string"]], [["a"], ["b", "c"], []]), (["map", ["list", "string"]], {"a": ["1"], "b": []}),
    (["tuple", []], []), (["tuple", ["string"]], ["x"]), (["tuple", ["string", "number"]], ["a", 1]),
    (["tuple", ["string", "number"]], ["2", 1]), (["tuple", ["number", "bool", "string"]], [1, True, "s"]),
    (["tuple", ["number", "number"]], [1, 2]), (["tuple", [["list", "string"], "string"]], [["a"], "b"]),
    (["tuple", ["string", "string"]], ["b", "a"]), (["tuple", ["bool", "string"]], [True, "false"]),
    (["object", {}], {}), (["object", {"a": "string"}], {"a": "x"}), (["object", {"a": "string"}], {"a": "5"}),
    (["object", {"a": "number"}], {"a": 5}), (["object", {"a": "string", "b": "number"}], {"a": "x", "b": 1}),
    (["object", {"a": "string", "b": "string"}], {"a": "x", "b": "1"}),
    (["object", {"a": "string", "b": "number", "c": "bool"}], {"a": "1", "b": 2, "c": True}),
    (["object", {"name": "string", "tags": ["map", "string"]}], {"name": "n", "tags": {"k": "v"}}),
    (["object", {"name": "string", "ports": ["list", "number"]}], {"name": "n", "ports": [80, 443]}),
    (["object", {"name": "string", "ports": ["tuple", ["number", "string"]]}], {"name": "n", "ports": [80, "443"]}),
    (["object", {"x": "string"}], {"x": "y"}), (["object", {"a": ["list", "string"], "b": "string"}], {"a": ["1"], "b": "2"}),
    (["list", ["object", {"a": "string"}]], [{"a": "1"}, {"a": "2"}]),
    (["map", ["object", {"a": "number"}]], {"k": {"a": 1}}),
    (["tuple", [["object", {"a": "string"}], ["object", {"a": "string", "b": "number"}]]], [{"a": "1"}, {"a": "2", "b": 3}]),
    (["tuple", [["list", "string"], ["list", "number"]]], [["a"], [1]]),
    (["tuple", [["map", "string"], ["object", {"k": "number"}]]], [{"x": "y"}, {"k": 1}]),
    ("dynamic", {"value": "x", "type": "string"}), ("dynamic", {"value": [1, 2], "type": ["list", "number"]}),
    ("dynamic", {"value": {"a": "1"}, "type": ["object", {"a": "string"}]}),
    ("dynamic", None),
    # decode errors
    ("number", "abc"), ("bool", "yes"), ("bool", 1), ("number", True), ("string", [1]),
    (["tuple", ["string"]], ["a", "b"]), (["tuple", ["string", "string"]], ["a"]),
    (["object", {"a": "string"}], {"b": "x"}), (["list", "string"], {"a": 1}), (["map", "string"], [1]),
    ("dynamic", {"value": 1}), ("dynamic", {"type": "string"}), ("dynamic", {"value": 1, "type": "number", "x": 1}),
]
TARGETS = TYPES + [
    ["object", {"name": "string", "tags": ["map", "string"]}, ["tags"]],
    ["object", {"a": "number", "b": "number"}], ["object", {"a": "bool"}],
    ["list", ["tuple", ["string"]]], ["set", ["object", {"a": "string"}]], ["map", ["list", "dynamic"]],
    ["object", {"a": "string", "b": "string", "c": "string", "d": "string"}],
    ["object", {"a": "dynamic", "b": "dynamic"}, ["b"]],
]
for (t, v), to in itertools.product(SOURCES, TARGETS):
    cases.append({"op": "convert", "type": t, "value": v, "to": to})

# Sets of structures are ordered by cty's hash bytes: random sets of lists, maps, objects, tuples.
for _ in range(300):
    kind = rng.choice(["list", "map", "object", "tuple", "string", "number"])
    n = rng.randint(0, 5)
    def word():
        return rng.choice(["a", "b", "ab", "B", "\u00e9", "z", "a\"b", "a\\b", "\u00a0", "10", "9", "-1", "x y"])
    def num():
        return rng.choice([0, 1, -1, 10, 9, 100, 0.5, 1e11, 12345678901, -0.25, 1e-5, 123456789012345])
    if kind == "list":
        ety, vals = ["list", "number"], [[num() for _ in range(rng.randint(0, 3))] for _ in range(n)]
    elif kind == "map":
        ety, vals = ["map", "string"], [{word(): word() for _ in range(rng.randint(0, 3))} for _ in range(n)]
    elif kind == "object":
        ety, vals = ["object", {"a": "string", "b": "number"}], [{"a": word(), "b": num()} for _ in range(n)]
    elif kind == "tuple":
        ety, vals = ["tuple", ["bool", "string"]], [[rng.random() < 0.5, word()] for _ in range(n)]
    elif kind == "string":
        ety, vals = "string", [word() for _ in range(n)]
    else:
        ety, vals = "number", [num() for _ in range(n)]
    cases.append({"op": "convert", "type": ["list", ety], "value": vals, "to": ["set", ety]})

out = sys.stdout
for c in cases:
    out.write(json.dumps(c, ensure_ascii=False, separators=(",", ":")) + "\n")
