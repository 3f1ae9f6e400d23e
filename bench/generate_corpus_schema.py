#!/usr/bin/env python3
"""Writes the schemas of issue 5's validation benchmark: one description of the benchmark corpus
(bench/generate_corpus.py) emitted twice, as an hcl-schema file (docs/schema.md) and as the
equivalent spec in the format of HCL's `hcldec` tool (cmd/hcldec/spec-format.md in hashicorp/hcl).

    bench/generate_corpus_schema.py --out-dir build-bench/corpus
    # -> corpus.schema.hcl (hclschema) and corpus.hcldec.hcl (hcldec spec)

Both declare the same blocks, labels, attributes, types and required-ness; only the hcl-schema side
has what hcldec cannot say (enum, pattern, min/max, validation rules, descriptions), so validating
does more work on our side than decoding does on the reference's. The corpus does not depend on the
schema: its bytes are generate_corpus.py's, unchanged.

Two things both languages cannot say, and how the benchmark programs handle them identically:
- `locals` blocks hold free-form attributes (per-module names such as `name_prefix_17`) and repeat,
  once per module: neither a schema attribute list nor hcldec's block_attrs (one block at most)
  describes them. Both benchmark programs split them off the file's body (PartialContent) and
  evaluate each local (JustAttributes + evaluation), as Terraform does, then validate or decode the
  rest against these schemas.
- hcldec's spec tool refuses `block_map` around attributes of type `any`; its library has
  BlockObjectSpec for that case (maps become objects, as hcl-schema's decoding does for untyped
  content). Our reference loader (bench/reference/validate.go) uses it where a block_map's content
  has untyped attributes, and BlockTupleSpec for such block_lists.
"""

from __future__ import annotations

import argparse
import json
import os
import sys


class A:
    """An attribute: hcldec gets name, type and required; hcl-schema also gets the constraints."""

    def __init__(self, name, type_=None, required=False, desc=None, enum=None, pattern=None, min=None, max=None,
                 rules=()):
        self.name, self.type, self.required = name, type_, required
        self.desc, self.enum, self.pattern, self.min, self.max, self.rules = desc, enum, pattern, min, max, list(rules)


class B:
    """A nested block type: no labels and max_items 1 is a single block (hcldec `block`), no labels a
    list (`block_list`), labels a map keyed by them (`block_map`)."""

    def __init__(self, name, items, labels=(), min_items=None, max_items=None, desc=None):
        self.name, self.items, self.labels = name, items, list(labels)
        self.min_items, self.max_items, self.desc = min_items, max_items, desc


PORT = dict(min=0, max=65535)
CIDRS_OK = ("alltrue([for c in self : can(cidrhost(c, 0))])", "Every element must be an IPv4 or IPv6 CIDR block.")

# The corpus's shape, read off bench/generate_corpus.py. Resource and data bodies are the union of
# the resource types the corpus uses (one declaration serves aws_vpc, aws_instance, ...).
SCHEMA = [
    B("variable", labels=["name"], desc="An input variable of the stack.", items=[
        A("description", "string", desc="What the variable is for.", min=1, max=500),
        A("type", desc="The variable's type constraint (an expression, left untyped)."),
        A("default", desc="The value when none is given."),
        A("nullable", "bool"),
        A("sensitive", "bool"),
        B("validation", desc="A rule every value of the variable must satisfy.", items=[
            A("condition", "bool", required=True),
            A("error_message", "string", required=True, min=10, pattern=r"[.?!]$",
              rules=[("trimspace(self) == self", "An error message has no leading or trailing space.")]),
        ]),
    ]),
    B("data", labels=["type", "name"], desc="A data source.", items=[
        A("most_recent", "bool"),
        A("owners", "list(string)", min=1,
          rules=[("alltrue([for o in self : can(regex(\"^([0-9]{12}|self|amazon)$\", o))])", "Owners are account IDs, \"self\" or \"amazon\".")]),
        B("filter", items=[
            A("name", "string", required=True, enum=["name", "virtualization-type", "architecture", "owner-alias", "state"]),
            A("values", "list(string)", required=True, min=1, max=20),
        ]),
        B("statement", items=[
            A("actions", "list(string)", required=True, min=1),
            B("principals", items=[
                A("type", "string", required=True, enum=["Service", "AWS", "Federated", "CanonicalUser"]),
                A("identifiers", "list(string)", required=True, min=1),
            ]),
        ]),
    ]),
    B("resource", labels=["type", "name"], desc="A managed resource.", items=[
        A("count"),
        A("for_each"),
        A("cidr_block", "string", pattern=r"^[0-9.]+/[0-9]+$"),
        A("enable_dns_support", "bool"),
        A("enable_dns_hostnames", "bool"),
        A("vpc_id", "string"),
        A("availability_zone", "string"),
        A("map_public_ip_on_launch", "bool"),
        A("name", "string", min=1, max=255),
        A("name_prefix", "string", max=32),
        A("description", "string", min=1, max=255),
        A("ami", "string", pattern="^ami-"),
        A("instance_type", "string", pattern=r"^[a-z][a-z0-9]*\.[a-z0-9]+$"),
        A("subnet_id", "string"),
        A("vpc_security_group_ids", "list(string)", max=5),
        A("user_data", "string", max=16384),
        A("assume_role_policy", "string", rules=[("can(jsondecode(self))", "The policy must be JSON.")]),
        A("policy", "string"),
        A("min_size", "number", min=0),
        A("max_size", "number", min=0, max=1000),
        A("desired_capacity", "number", min=0),
        A("vpc_zone_identifier", "list(string)"),
        A("tags", "map(string)", max=50),
        B("egress", items=[
            A("from_port", "number", required=True, **PORT),
            A("to_port", "number", required=True, **PORT),
            A("protocol", "string", required=True, enum=["-1", "tcp", "udp", "icmp"]),
            A("cidr_blocks", "list(string)", min=1, rules=[CIDRS_OK]),
        ]),
        B("lifecycle", max_items=1, items=[
            A("create_before_destroy", "bool"),
            A("ignore_changes"),
        ]),
        B("root_block_device", max_items=1, items=[
            A("volume_size", "number", min=1, max=16384),
            A("volume_type", "string", enum=["standard", "gp2", "gp3", "io1", "io2", "sc1", "st1"]),
            A("encrypted", "bool"),
            A("iops", "number", min=100, max=64000, rules=[("self % 1000 == 0", "iops must be a multiple of 1000 in this benchmark.")]),
        ]),
        B("timeouts", max_items=1, items=[
            A("create", "string", pattern=r"^[0-9]+[smh]$"),
        ]),
        B("instance_refresh", max_items=1, items=[
            A("strategy", "string", required=True, enum=["Rolling"]),
            B("preferences", max_items=1, items=[
                A("min_healthy_percentage", "number", min=0, max=100),
                A("instance_warmup", "number", min=0, max=3600),
            ]),
        ]),
        B("dynamic", labels=["name"], desc="Blocks generated from a collection.", items=[
            A("for_each", required=True),
            A("iterator"),
            B("content", min_items=1, max_items=1, items=[
                A("from_port", "number", **PORT),
                A("to_port", "number", **PORT),
                A("protocol", "string"),
                A("cidr_blocks", "list(string)"),
                A("description", "string"),
                A("device_name", "string", pattern="^/dev/"),
                A("volume_size", "number", min=1, max=16384),
                A("key", "string"),
                A("value", "string"),
                A("propagate_at_launch", "bool"),
            ]),
        ]),
    ]),
    B("output", labels=["name"], desc="A value the stack exports.", items=[
        A("description", "string", min=1),
        A("value", required=True),
        A("sensitive", "bool"),
    ]),
    B("module", labels=["name"], desc="A call of a child module.", items=[
        A("source", "string", required=True, pattern=r"^(\./|\.\./|[a-z0-9]+::|registry\.)"),
        A("for_each"),
        A("zone_name", "string"),
        A("records"),
        A("providers"),
        A("depends_on"),
    ]),
]


def q(s):
    return json.dumps(s, ensure_ascii=False)


def hcl_literal(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, list):
        return "[" + ", ".join(hcl_literal(x) for x in v) + "]"
    return q(v).replace("${", "$${").replace("%{", "%%{")


def emit_schema(items, ind, out):
    for it in items:
        if isinstance(it, A):
            out.append("%sattribute %s {\n" % (ind, q(it.name)))
            i2 = ind + "  "
            if it.type:
                out.append("%stype = %s\n" % (i2, it.type))
            if it.required:
                out.append("%srequired = true\n" % i2)
            if it.desc:
                out.append("%sdescription = %s\n" % (i2, hcl_literal(it.desc)))
            if it.enum:
                out.append("%senum = %s\n" % (i2, hcl_literal(it.enum)))
            if it.pattern:
                out.append("%spattern = %s\n" % (i2, hcl_literal(it.pattern)))
            if it.min is not None:
                out.append("%smin = %s\n" % (i2, it.min))
            if it.max is not None:
                out.append("%smax = %s\n" % (i2, it.max))
            for cond, msg in it.rules:
                out.append("%svalidation {\n%s  condition     = %s\n%s  error_message = %s\n%s}\n" % (i2, i2, cond, i2, hcl_literal(msg), i2))
            out.append("%s}\n" % ind)
        else:
            out.append("%sblock %s {\n" % (ind, q(it.name)))
            i2 = ind + "  "
            if it.labels:
                out.append("%slabels = %s\n" % (i2, hcl_literal(it.labels)))
            if it.min_items is not None:
                out.append("%smin_items = %d\n" % (i2, it.min_items))
            if it.max_items is not None:
                out.append("%smax_items = %d\n" % (i2, it.max_items))
            if it.desc:
                out.append("%sdescription = %s\n" % (i2, hcl_literal(it.desc)))
            emit_schema(it.items, i2, out)
            out.append("%s}\n" % ind)


def emit_hcldec(items, ind, out):
    for it in items:
        if isinstance(it, A):
            out.append("%sattr %s {\n%s  type = %s\n" % (ind, q(it.name), ind, it.type or "any"))
            if it.required:
                out.append("%s  required = true\n" % ind)
            out.append("%s}\n" % ind)
            continue
        i2 = ind + "  "
        if it.labels:
            out.append("%sblock_map %s {\n%slabels = %s\n" % (ind, q(it.name), i2, hcl_literal(it.labels)))
        elif it.max_items == 1:
            out.append("%sblock %s {\n" % (ind, q(it.name)))
            if it.min_items:
                out.append("%srequired = true\n" % i2)
        else:
            out.append("%sblock_list %s {\n" % (ind, q(it.name)))
            if it.min_items is not None:
                out.append("%smin_items = %d\n" % (i2, it.min_items))
            if it.max_items is not None:
                out.append("%smax_items = %d\n" % (i2, it.max_items))
        out.append("%sobject {\n" % i2)
        emit_hcldec(it.items, i2 + "  ", out)
        out.append("%s}\n%s}\n" % (i2, ind))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out-dir", default=".", help="output directory")
    ap.add_argument("--name", default="corpus", help="base name (default corpus)")
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    head = "# Generated by bench/generate_corpus_schema.py: the schema of bench/generate_corpus.py's corpus\n"
    head += "# (all but its free-form `locals` blocks, which the benchmark evaluates on their own).\n"
    schema = [head, 'draft = "2026-09"\n\n']
    emit_schema(SCHEMA, "", schema)
    spec = [head.replace("the schema of", "the hcldec spec of"), "object {\n"]
    emit_hcldec(SCHEMA, "  ", spec)
    spec.append("}\n")
    for suffix, text in ((".schema.hcl", schema), (".hcldec.hcl", spec)):
        path = os.path.join(args.out_dir, args.name + suffix)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(text))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
