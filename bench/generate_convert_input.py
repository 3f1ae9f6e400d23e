#!/usr/bin/env python3
"""Generates the input of issue 4's benchmark (bench/typeexpr_bench.cpp and `hclbench -bench convert`):
a type constraint with nested optional attributes and defaults, and a large value for it, both as
HCL native expressions.

    bench/generate_convert_input.py --objects 1000 --out-dir build-bench/corpus
    # -> convert-type.hcl, convert-value-1000.hcl

The type is the corpus's `vpc_config` variable type (bench/generate_corpus.py) grown a little:
a list of VPC objects with optional attributes with defaults at three levels, an
`optional(object({...}), {})` whose inner defaults apply after the outer one, and a map of objects
with defaults. The value has `--objects` VPCs of 10 subnets each; about half of the optional
attributes are omitted, some are explicit nulls, and a few values need a primitive conversion
(string to number, string to bool). Deterministic for given arguments.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

TYPE = """list(object({
  cidr_block = string
  name       = optional(string, "x")
  azs        = list(string)
  enable_nat = optional(bool, true)
  max_hosts  = optional(number, 254)
  subnets = list(object({
    name   = string
    cidr   = string
    az     = string
    public = optional(bool, false)
    tags   = optional(map(string), {})
  }))
  flags = map(bool)
  logging = optional(object({
    format    = optional(string, "json")
    level     = optional(string, "info")
    retention = optional(number, 30)
  }), {})
  rules = optional(map(object({
    port     = number
    protocol = optional(string, "tcp")
  })), {})
}))
"""

REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-2"]
WORDS = ["web", "api", "worker", "cache", "db", "queue", "auth", "billing", "search", "edge"]


def value(n: int, seed: int) -> str:
    r = random.Random(seed)
    out = ["["]
    for i in range(n):
        attrs = ['cidr_block = "10.%d.0.0/16"' % (i % 250)]
        if r.random() < 0.5:
            attrs.append('name = "vpc-%d"' % i)
        attrs.append("azs = [%s]" % ", ".join('"%sa"' % reg for reg in REGIONS[: 1 + i % 3]))
        choice = r.random()
        if choice < 0.3:
            attrs.append("enable_nat = false")
        elif choice < 0.4:
            attrs.append("enable_nat = null")
        if r.random() < 0.3:
            attrs.append('max_hosts = "%d"' % (126 + i % 500))  # string to number
        subnets = []
        for s in range(10):
            sa = ['name = "%s-%d"' % (WORDS[(i + s) % len(WORDS)], s),
                  'cidr = "10.%d.%d.0/24"' % (i % 250, s),
                  'az = "%s%s"' % (REGIONS[s % len(REGIONS)], "abc"[s % 3])]
            if s % 2 == 0:
                sa.append("public = %s" % ("true" if s % 4 == 0 else '"false"'))  # bool, string to bool
            if s % 3 == 0:
                sa.append('tags = { tier = "%s", index = "%d" }' % (WORDS[s % len(WORDS)], s))
            subnets.append("{ " + ", ".join(sa) + " }")
        attrs.append("subnets = [\n    " + ",\n    ".join(subnets) + "\n  ]")
        attrs.append('flags = { ipv6 = false, flow_logs = "true" }')
        choice = r.random()
        if choice < 0.3:
            attrs.append('logging = { level = "debug" }')
        elif choice < 0.4:
            attrs.append("logging = null")
        if r.random() < 0.5:
            attrs.append('rules = { ssh = { port = 22 }, https = { port = 443, protocol = "tcp" }, dns = { port = "53", protocol = "udp" } }')
        out.append("{\n  " + "\n  ".join(attrs) + "\n},")
    out.append("]\n")
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--objects", type=int, default=1000, help="number of VPC objects (10 subnets each)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out-dir", default=".")
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    with open(os.path.join(args.out_dir, "convert-type.hcl"), "w", encoding="utf-8") as f:
        f.write(TYPE)
    with open(os.path.join(args.out_dir, "convert-value-%d.hcl" % args.objects), "w", encoding="utf-8") as f:
        f.write(value(args.objects, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
