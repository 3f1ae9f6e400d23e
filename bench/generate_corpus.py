#!/usr/bin/env python3
"""Generates the benchmark corpus: a large, realistic Terraform-like configuration in HCL native
syntax (`.tf`) and the same configuration in HCL JSON syntax (`.tf.json`).

The output is deterministic for a given seed and size, so figures measured on different days compare.
Each "module" of the corpus is one network + compute stack (variables with complex types and
validation, locals with for expressions, data sources, resources with nested and dynamic blocks,
heredocs with template directives, outputs, module calls); modules are emitted until both files
reach the requested size.

    bench/generate_corpus.py --size-mb 20 --out-dir /tmp/hclschema-bench
    # -> /tmp/hclschema-bench/corpus-20mb-seed1.tf and .tf.json

The native file must parse with no error in the reference implementation (bench/run.sh checks).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

# ---------------------------------------------------------------------------------------------
# A tiny model of HCL: bodies of attributes and blocks, expressions that render to both syntaxes.
# ---------------------------------------------------------------------------------------------


def escape_native(s: str) -> str:
    """A literal string as the inside of a native quoted template."""
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        else:
            out.append(ch)
    return "".join(out).replace("${", "$${").replace("%{", "%%{")


def escape_template_literal(s: str) -> str:
    """A literal string as an HCL JSON string (which is itself a template)."""
    return s.replace("${", "$${").replace("%{", "%%{")


class Expr:
    multiline = False

    def inline(self) -> str:
        raise NotImplementedError

    def hcl(self, ind: str) -> str:
        return self.inline()

    def js(self):
        return "${" + self.inline() + "}"


class Lit(Expr):
    def __init__(self, v):
        self.v = v

    def inline(self) -> str:
        v = self.v
        if v is None:
            return "null"
        if v is True:
            return "true"
        if v is False:
            return "false"
        if isinstance(v, (int, float)):
            return repr(v)
        return '"' + escape_native(v) + '"'

    def js(self):
        return escape_template_literal(self.v) if isinstance(self.v, str) else self.v


class Num(Expr):
    """A number whose exact spelling matters (1.5e3, 0.25)."""

    def __init__(self, text: str):
        self.text = text

    def inline(self) -> str:
        return self.text

    def js(self):
        return float(self.text) if any(c in self.text for c in ".eE") else int(self.text)


class Raw(Expr):
    """Any single-line native expression; in JSON it becomes a "${...}" template."""

    def __init__(self, text: str):
        self.text = text

    def inline(self) -> str:
        return self.text


class Tmpl(Expr):
    """A quoted template with interpolations; `inner` is the text between the quotes."""

    def __init__(self, inner: str):
        self.inner = inner

    def inline(self) -> str:
        return '"' + self.inner + '"'

    def js(self):
        return self.inner


class Tup(Expr):
    def __init__(self, items, multiline=False):
        self.items = items
        self.multiline = multiline or any(i.multiline for i in items)

    def inline(self) -> str:
        return "[" + ", ".join(i.inline() for i in self.items) + "]"

    def hcl(self, ind: str) -> str:
        if not self.multiline:
            return self.inline()
        inner = ind + "  "
        return "[\n" + "".join(inner + i.hcl(inner) + ",\n" for i in self.items) + ind + "]"

    def js(self):
        return [i.js() for i in self.items]


class Obj(Expr):
    """An object constructor; keys are names, quoted strings or parenthesised expressions."""

    def __init__(self, pairs, multiline=True, colon=False):
        self.pairs = pairs
        self.multiline = multiline
        self.colon = colon

    def _key(self, k: str) -> str:
        return k

    def inline(self) -> str:
        sep = ": " if self.colon else " = "
        return "{ " + ", ".join(k + sep + v.inline() for k, v in self.pairs) + " }"

    def hcl(self, ind: str) -> str:
        if not self.multiline:
            return self.inline()
        inner = ind + "  "
        width = max((len(k) for k, v in self.pairs if not v.multiline), default=0)
        sep = ":" if self.colon else " ="
        lines = []
        for k, v in self.pairs:
            pad = " " * (width - len(k)) if not v.multiline else ""
            lines.append(inner + k + pad + sep + " " + v.hcl(inner) + "\n")
        return "{\n" + "".join(lines) + ind + "}"

    def js(self):
        out = {}
        for k, v in self.pairs:
            if k.startswith("("):
                key = "${" + k[1:-1] + "}"
            elif k.startswith('"'):
                key = k[1:-1]
            else:
                key = k
            out[key] = v.js()
        return out


class Call(Expr):
    def __init__(self, name, args, expand=False):
        self.name = name
        self.args = args
        self.expand = expand
        self.multiline = any(a.multiline for a in args)

    def inline(self) -> str:
        return self.name + "(" + ", ".join(a.inline() for a in self.args) + ("..." if self.expand else "") + ")"

    def hcl(self, ind: str) -> str:
        if not self.multiline:
            return self.inline()
        return self.name + "(" + ", ".join(a.hcl(ind) for a in self.args) + ("..." if self.expand else "") + ")"


class Heredoc(Expr):
    """<<EOT or <<-EOT; `lines` are the template lines without indentation."""

    multiline = True

    def __init__(self, lines, marker="EOT", indented=True):
        self.lines = lines
        self.marker = marker
        self.indented = indented

    def inline(self) -> str:  # only used for JSON; heredocs never nest inside inline expressions here
        raise AssertionError("heredoc in an inline position")

    def hcl(self, ind: str) -> str:
        if self.indented:
            inner = ind + "  "
            body = "".join((inner + l if l else "") + "\n" for l in self.lines)
            return "<<-" + self.marker + "\n" + body + inner + self.marker
        return "<<" + self.marker + "\n" + "".join(l + "\n" for l in self.lines) + self.marker

    def js(self):
        return "".join(l + "\n" for l in self.lines)


class Attr:
    def __init__(self, name, expr, comment=None):
        self.name = name
        self.expr = expr
        self.comment = comment


class Block:
    def __init__(self, type_, labels, items, one_line=False):
        self.type = type_
        self.labels = labels
        self.items = items
        self.one_line = one_line


class Comment:
    def __init__(self, text, style="#"):
        self.text = text
        self.style = style


def render_body(items, ind: str, out: list) -> None:
    width = max((len(i.name) for i in items if isinstance(i, Attr) and not i.expr.multiline), default=0)
    prev_block = False
    for n, item in enumerate(items):
        if isinstance(item, Comment):
            if item.style == "/*":
                out.append(ind + "/* " + item.text.replace("\n", "\n" + ind + "   ") + " */\n")
            else:
                out.append(ind + item.style + " " + item.text + "\n")
            continue
        if isinstance(item, Attr):
            if prev_block:
                out.append("\n")
            pad = " " * (width - len(item.name)) if not item.expr.multiline else ""
            line = ind + item.name + pad + " = " + item.expr.hcl(ind)
            if item.comment:
                line += "  " + item.comment
            out.append(line + "\n")
            prev_block = False
            continue
        if n > 0:
            out.append("\n")
        head = ind + item.type + "".join(' "' + l + '"' for l in item.labels)
        if item.one_line:
            a = item.items[0]
            out.append(head + " { " + a.name + " = " + a.expr.inline() + " }\n")
        else:
            out.append(head + " {\n")
            render_body(item.items, ind + "  ", out)
            out.append(ind + "}\n")
        prev_block = True


def json_body(items):
    out = {}
    order = []
    groups = {}
    for item in items:
        if isinstance(item, Attr):
            out[item.name] = item.expr.js()
        elif isinstance(item, Block):
            if item.type not in groups:
                groups[item.type] = []
                order.append(item.type)
                out[item.type] = None  # keep source order of keys
            groups[item.type].append(item)
    for t in order:
        out[t] = json_blocks(groups[t])
    return out


def json_blocks(blocks):
    """Blocks of one type as HCL JSON: nested objects by label, or an array when they collide."""
    if not blocks[0].labels:
        bodies = [json_body(b.items) for b in blocks]
        return bodies[0] if len(bodies) == 1 else bodies
    tree = {}
    for b in blocks:
        node = tree
        for l in b.labels[:-1]:
            node = node.setdefault(l, {})
        if b.labels[-1] in node:
            return [wrap_labels(b.labels, json_body(b.items)) for b in blocks]
        node[b.labels[-1]] = json_body(b.items)
    return tree


def wrap_labels(labels, body):
    for l in reversed(labels):
        body = {l: body}
    return body


# ---------------------------------------------------------------------------------------------
# The content: one "module" of a realistic AWS-style stack per index.
# ---------------------------------------------------------------------------------------------

WORDS = ["web", "api", "worker", "cache", "db", "queue", "auth", "billing", "search", "edge", "batch",
         "metrics", "logs", "admin", "gateway", "frontend", "backend", "ingest", "report", "notify"]
REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-2", "ap-northeast-1"]
INSTANCE_TYPES = ["t3.micro", "t3.small", "t3.medium", "m5.large", "m5.xlarge", "c5.2xlarge", "r6g.large"]
ENVS = ["dev", "staging", "prod", "qa"]
DESCRIPTIONS = [
    "Configuration of the virtual network, its subnets and routing.",
    "Settings of the compute tier: instance sizes, scaling limits and images.",
    "Tags applied to every resource created by this module.",
    "List of ingress rules for the security group (ports, protocols and CIDR blocks).",
    "Map of feature flags; keys are feature names, values enable or disable them.",
    "Résumé of the owner team — used in cost reports (ünïcödé is fine here).",
]
COMMENTS = [
    "Keep the naming scheme stable: downstream dashboards depend on it.",
    "TODO(ops): move to a shared module once the migration is done.",
    "NOTE: changing this forces replacement of the instances.",
    "The CIDR math below assumes a /16 network split into /24 subnets.",
    "See https://example.com/runbooks/networking#subnets for the rationale.",
    "Ports are opened only inside the VPC; public access goes through the load balancer.",
]


class Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)

    def pick(self, seq):
        return seq[self.r.randrange(len(seq))]

    def comment(self):
        style = self.pick(["#", "#", "//", "/*"])
        text = self.pick(COMMENTS)
        if style == "/*" and self.r.random() < 0.5:
            text = text + "\nSecond line of a block comment, with * and / inside: a*b/c."
        return Comment(text, style)

    def tags(self, i, name):
        return Obj([
            ("Name", Tmpl("${local.name_prefix_%d}-%s" % (i, name))),
            ("Environment", Raw("var.environment")),
            ('"cost-center"', Lit("cc-%04d" % self.r.randrange(10000))),
            ("ManagedBy", Lit("terraform")),
        ])

    def variables(self, i):
        r = self.r
        items = []
        subnet_type = Call("list", [Call("object", [Obj([
            ("name", Raw("string")),
            ("cidr", Raw("string")),
            ("az", Raw("string")),
            ("public", Call("optional", [Raw("bool"), Lit(False)])),
            ("tags", Call("optional", [Raw("map(string)"), Raw("{}")])),
        ])])])
        vpc_type = Call("object", [Obj([
            ("cidr_block", Raw("string")),
            ("name", Call("optional", [Raw("string"), Lit("x")])),
            ("azs", Raw("list(string)")),
            ("enable_nat", Call("optional", [Raw("bool"), Lit(True)])),
            ("max_hosts", Call("optional", [Raw("number"), Num("254")])),
            ("subnets", subnet_type),
            ("flags", Raw("map(bool)")),
        ])])
        subnets = []
        for s in range(r.randrange(2, 5)):
            subnets.append(Obj([
                ("name", Lit("%s-%d" % (self.pick(WORDS), s))),
                ("cidr", Lit("10.%d.%d.0/24" % (i % 250, s + 1))),
                ("az", Lit(self.pick(REGIONS) + "abc"[s % 3])),
                ("public", Lit(s % 2 == 0)),
            ], multiline=r.random() < 0.5))
        default = Obj([
            ("cidr_block", Lit("10.%d.0.0/16" % (i % 250))),
            ("azs", Tup([Lit(reg + "a") for reg in REGIONS[: r.randrange(1, 4)]])),
            ("subnets", Tup(subnets, multiline=True)),
            ("flags", Obj([("ipv6", Lit(False)), ("flow_logs", Lit(True))], multiline=False)),
        ])
        items.append(Block("variable", ["vpc_config_%d" % i], [
            Attr("description", Lit(self.pick(DESCRIPTIONS))),
            Attr("type", vpc_type),
            Attr("default", default),
            Block("validation", [], [
                Attr("condition", Raw("can(cidrhost(var.vpc_config_%d.cidr_block, 0)) && length(var.vpc_config_%d.azs) > 0" % (i, i))),
                Attr("error_message", Lit("The cidr_block must be a valid IPv4 CIDR block and azs must not be empty.")),
            ]),
            Block("validation", [], [
                Attr("condition", Raw("alltrue([for s in var.vpc_config_%d.subnets : can(regex(\"^[a-z][a-z0-9-]*$\", s.name))])" % i)),
                Attr("error_message", Lit("Subnet names must start with a letter and use only a-z, 0-9 and \"-\".")),
            ]),
            Attr("nullable", Lit(False)),
        ]))
        rules = Tup([Obj([
            ("from_port", Num(str(p))), ("to_port", Num(str(p))), ("protocol", Lit("tcp")),
            ("cidr_blocks", Tup([Lit("10.0.0.0/8")])), ("description", Lit("port %d" % p)),
        ], multiline=False) for p in r.sample([22, 80, 443, 5432, 6379, 8080, 9090, 3000], 3)], multiline=True)
        items.append(Block("variable", ["ingress_rules_%d" % i], [
            Attr("description", Lit(DESCRIPTIONS[3])),
            Attr("type", Call("list", [Call("object", [Obj([
                ("from_port", Raw("number")), ("to_port", Raw("number")), ("protocol", Raw("string")),
                ("cidr_blocks", Raw("list(string)")), ("description", Call("optional", [Raw("string"), Lit("")])),
            ])])])),
            Attr("default", rules),
        ]))
        items.append(Block("variable", ["instance_settings_%d" % i], [
            Attr("type", Call("map", [Call("object", [Obj([
                ("instance_type", Raw("string")), ("min_size", Raw("number")), ("max_size", Raw("number")),
                ("spot", Call("optional", [Raw("bool"), Lit(False)])),
                ("disk_gb", Call("optional", [Raw("number"), Num("20")])),
            ])])])),
            Attr("default", Obj([
                (env, Obj([
                    ("instance_type", Lit(self.pick(INSTANCE_TYPES))),
                    ("min_size", Num(str(r.randrange(1, 3)))),
                    ("max_size", Num(str(r.randrange(3, 12)))),
                    ("disk_gb", Num(str(self.pick([20, 50, 100, 250])))),
                ], multiline=False)) for env in ENVS
            ])),
            Block("validation", [], [
                Attr("condition", Raw("alltrue([for k, v in var.instance_settings_%d : v.min_size <= v.max_size && v.max_size < 100])" % i)),
                Attr("error_message", Lit("min_size must not exceed max_size, and max_size must stay below 100.")),
            ]),
        ]))
        items.append(Block("variable", ["feature_flags_%d" % i], [
            Attr("type", Raw("map(bool)")),
            Attr("default", Obj([(w, Lit(r.random() < 0.5)) for w in r.sample(WORDS, 4)])),
            Attr("sensitive", Lit(False)),
        ]))
        items.append(Block("variable", ["ratio_%d" % i], [
            Attr("type", Raw("number")),
            Attr("default", Num(self.pick(["0.25", "1.5e3", "3.14159", "42", "1e-3", "0.5"]))),
        ]))
        return items

    def locals(self, i):
        r = self.r
        items = [self.comment()]
        items.append(Attr("name_prefix_%d" % i, Tmpl("${var.project}-${var.environment}-%s-%d" % (self.pick(WORDS), i))))
        items.append(Attr("common_tags_%d" % i, Call("merge", [Raw("var.tags"), Obj([
            ("Environment", Raw("var.environment")),
            ("Module", Lit("stack-%d" % i)),
            ("Owner", Call("lookup", [Raw("var.owners"), Raw("var.environment"), Lit("platform")])),
            ("(local.extra_tag_key)", Lit("yes")),
        ])])))
        items.append(Attr("public_subnets_%d" % i, Raw("{ for s in var.vpc_config_%d.subnets : s.name => s if s.public }" % i)))
        items.append(Attr("private_subnets_%d" % i, Raw("{ for s in var.vpc_config_%d.subnets : s.name => s if !s.public }" % i),
                          comment="# private ones only"))
        items.append(Attr("subnet_ids_%d" % i, Raw("[for k, v in aws_subnet.this_%d : v.id]" % i)))
        items.append(Attr("subnets_by_az_%d" % i, Raw("{ for s in var.vpc_config_%d.subnets : s.az => s.name... }" % i)))
        items.append(Attr("az_count_%d" % i, Raw("length(var.vpc_config_%d.azs) > 2 ? 3 : length(var.vpc_config_%d.azs)" % (i, i))))
        items.append(Attr("cidrs_%d" % i, Raw("[for n in range(local.az_count_%d) : cidrsubnet(var.vpc_config_%d.cidr_block, 8, n + %d)]" % (i, i, r.randrange(1, 50)))))
        items.append(Attr("instance_ids_%d" % i, Raw("aws_instance.app_%d[*].id" % i)))
        items.append(Attr("private_ips_%d" % i, Raw("aws_instance.app_%d.*.private_ip" % i), comment="// legacy splat"))
        items.append(Attr("first_ip_%d" % i, Raw("aws_instance.app_%d.0.private_ip" % i)))
        items.append(Attr("settings_%d" % i, Raw("var.instance_settings_%d[var.environment]" % i)))
        items.append(Attr("capacity_%d" % i, Raw("(local.settings_%d.max_size * 2 + 1) / 3 %% 7 - -1" % i)))
        items.append(Attr("enabled_%d" % i, Raw("!var.disabled && (var.environment == \"prod\" || var.ratio_%d != 3.5e2) && var.feature_flags_%d[\"%s\"] != false" % (i, i, self.pick(WORDS)))))
        items.append(Attr("ports_%d" % i, Raw("distinct(flatten([for rule in var.ingress_rules_%d : [rule.from_port, rule.to_port]]))" % i)))
        items.append(Attr("max_port_%d" % i, Raw("max(local.ports_%d...)" % i)))
        items.append(Attr("labels_%d" % i, Raw("join(\",\", [for k in sort(keys(var.feature_flags_%d)) : upper(k) if var.feature_flags_%d[k]])" % (i, i))))
        items.append(Attr("escapes_%d" % i, Lit("tab\there \"quoted\" back\\slash ${not_interpolated} %{not_a_directive} é ☕ 日本 line\nend")))
        items.append(Attr("bucket_arn_%d" % i, Tmpl("arn:aws:s3:::${var.project}-${local.name_prefix_%d}-%s/*" % (i, self.pick(REGIONS)))))
        items.append(Attr("greeting_%d" % i, Tmpl("Hello, %{ if var.environment == \"prod\" }customer%{ else }tester%{ endif }! You are in ${upper(var.environment)}.")))
        items.append(Attr("nested_%d" % i, Obj([
            ("a", Obj([("b", Obj([("c", Tup([Num("1"), Num("2.5"), Lit(True), Lit(None), Lit("x")]))], multiline=False))], multiline=False)),
            ('"quoted-key"', Raw("local.name_prefix_%d" % i)),
            ("json_style", Obj([('"k1"', Lit("v1")), ('"k2"', Num("2"))], multiline=True, colon=True)),
        ])))
        return [Block("locals", [], items)]

    def data_sources(self, i):
        return [Block("data", ["aws_ami", "ubuntu_%d" % i], [
            Attr("most_recent", Lit(True)),
            Attr("owners", Tup([Lit("099720109477")])),
            Block("filter", [], [
                Attr("name", Lit("name")),
                Attr("values", Tup([Lit("ubuntu/images/hvm-ssd/ubuntu-jammy-22.04-amd64-server-*")])),
            ]),
            Block("filter", [], [
                Attr("name", Lit("virtualization-type")),
                Attr("values", Tup([Lit("hvm")])),
            ]),
        ]), Block("data", ["aws_iam_policy_document", "assume_%d" % i], [
            Block("statement", [], [
                Attr("actions", Tup([Lit("sts:AssumeRole")])),
                Block("principals", [], [
                    Attr("type", Lit("Service")),
                    Attr("identifiers", Tup([Lit("ec2.amazonaws.com"), Lit("ecs-tasks.amazonaws.com")])),
                ]),
            ]),
        ])]

    def resources(self, i):
        r = self.r
        w = self.pick(WORDS)
        items = []
        items.append(Block("resource", ["aws_vpc", "main_%d" % i], [
            Attr("cidr_block", Raw("var.vpc_config_%d.cidr_block" % i)),
            Attr("enable_dns_support", Lit(True)),
            Attr("enable_dns_hostnames", Lit(True)),
            Attr("tags", self.tags(i, "vpc")),
        ]))
        items.append(self.comment())
        items.append(Block("resource", ["aws_subnet", "this_%d" % i], [
            Attr("for_each", Raw("{ for s in var.vpc_config_%d.subnets : s.name => s }" % i)),
            Attr("vpc_id", Raw("aws_vpc.main_%d.id" % i)),
            Attr("cidr_block", Raw("each.value.cidr")),
            Attr("availability_zone", Raw("each.value.az")),
            Attr("map_public_ip_on_launch", Raw("each.value.public")),
            Attr("tags", Call("merge", [Raw("local.common_tags_%d" % i), Obj([
                ("Name", Tmpl("${local.name_prefix_%d}-${each.key}" % i)),
                ("Tier", Raw("each.value.public ? \"public\" : \"private\"")),
            ])])),
        ]))
        items.append(Block("resource", ["aws_security_group", "%s_%d" % (w, i)], [
            Attr("name", Call("format", [Lit("%s-" + w + "-sg"), Raw("local.name_prefix_%d" % i)])),
            Attr("description", Lit("Security group for the %s tier" % w)),
            Attr("vpc_id", Raw("aws_vpc.main_%d.id" % i)),
            Block("dynamic", ["ingress"], [
                Attr("for_each", Raw("var.ingress_rules_%d" % i)),
                Attr("iterator", Raw("rule")),
                Block("content", [], [
                    Attr("from_port", Raw("rule.value.from_port")),
                    Attr("to_port", Raw("rule.value.to_port")),
                    Attr("protocol", Call("lookup", [Raw("rule.value"), Lit("protocol"), Lit("tcp")])),
                    Attr("cidr_blocks", Raw("rule.value.cidr_blocks")),
                    Attr("description", Call("coalesce", [Raw("rule.value.description"), Tmpl("rule ${rule.key}")])),
                ]),
            ]),
            Block("egress", [], [
                Attr("from_port", Num("0")),
                Attr("to_port", Num("0")),
                Attr("protocol", Lit("-1")),
                Attr("cidr_blocks", Tup([Lit("0.0.0.0/0")])),
            ]),
            Attr("tags", Call("merge", [Raw("local.common_tags_%d" % i), Obj([("Name", Tmpl("${local.name_prefix_%d}-%s" % (i, w)))], multiline=False)])),
            Block("lifecycle", [], [
                Attr("create_before_destroy", Lit(True)),
                Attr("ignore_changes", Tup([Raw("tags[\"LastModified\"]"), Raw("description")])),
            ]),
        ]))
        ports = r.sample([22, 80, 443, 8080, 9100], 2)
        items.append(Block("resource", ["aws_instance", "app_%d" % i], [
            Attr("count", Raw("var.environment == \"prod\" ? local.settings_%d.max_size : 1" % i)),
            Attr("ami", Raw("data.aws_ami.ubuntu_%d.id" % i)),
            Attr("instance_type", Raw("local.settings_%d.instance_type" % i)),
            Attr("subnet_id", Call("element", [Raw("local.subnet_ids_%d" % i), Raw("count.index")])),
            Attr("vpc_security_group_ids", Tup([Raw("aws_security_group.%s_%d.id" % (w, i))])),
            Attr("user_data", Heredoc([
                "#!/bin/bash",
                "set -euo pipefail",
                "echo \"Booting ${local.name_prefix_%d}-${count.index} in ${var.environment}\"" % i,
                "%{ for port in local.ports_" + str(i) + " ~}",
                "ufw allow ${port}/tcp",
                "%{ endfor ~}",
                "%{ if var.feature_flags_" + str(i) + "[\"metrics\"] == true }",
                "systemctl enable --now node_exporter",
                "%{ else }",
                "echo \"metrics disabled on ${upper(var.environment)}\"",
                "%{ endif }",
                "",
                "cat > /etc/app.env <<'ENV'",
                "APP_PORTS=%d,%d" % tuple(ports),
                "APP_NAME=${local.name_prefix_%d}" % i,
                "ENV",
            ], marker="EOT", indented=True)),
            Block("root_block_device", [], [
                Attr("volume_size", Raw("local.settings_%d.disk_gb" % i)),
                Attr("volume_type", Lit("gp3")),
                Attr("encrypted", Lit(True)),
                Attr("iops", Num(str(self.pick([3000, 4000, 6000])))),
            ]),
            Block("dynamic", ["ebs_block_device"], [
                Attr("for_each", Raw("var.environment == \"prod\" ? [1, 2] : []")),
                Block("content", [], [
                    Attr("device_name", Tmpl("/dev/sd${substr(\"fghij\", ebs_block_device.key, 1)}")),
                    Attr("volume_size", Num("100")),
                ]),
            ]),
            Block("timeouts", [], [Attr("create", Lit("30m"))], one_line=True),
            Attr("tags", Call("merge", [Raw("local.common_tags_%d" % i), Obj([
                ("Name", Tmpl("${local.name_prefix_%d}-app-${count.index + 1}" % i)),
                ("Index", Raw("count.index")),
            ])])),
        ]))
        items.append(Block("resource", ["aws_iam_role", "app_%d" % i], [
            Attr("name", Tmpl("${local.name_prefix_%d}-app" % i)),
            Attr("assume_role_policy", Heredoc([
                "{",
                "  \"Version\": \"2012-10-17\",",
                "  \"Statement\": [",
                "    {",
                "      \"Action\": \"sts:AssumeRole\",",
                "      \"Principal\": {\"Service\": \"ec2.amazonaws.com\"},",
                "      \"Effect\": \"Allow\",",
                "      \"Sid\": \"${local.name_prefix_%d}\"" % i,
                "    }",
                "  ]",
                "}",
            ], marker="POLICY", indented=False)),
        ]))
        items.append(Block("resource", ["aws_iam_policy", "app_%d" % i], [
            Attr("name_prefix", Tmpl("${local.name_prefix_%d}-" % i)),
            Attr("policy", Call("jsonencode", [Obj([
                ("Version", Lit("2012-10-17")),
                ("Statement", Tup([Obj([
                    ("Effect", Lit("Allow")),
                    ("Action", Tup([Lit("s3:GetObject"), Lit("s3:ListBucket"), Lit("s3:PutObject")])),
                    ("Resource", Tup([Tmpl("arn:aws:s3:::${var.bucket}"), Raw("local.bucket_arn_%d" % i)])),
                    ("Condition", Obj([("StringEquals", Obj([('"aws:RequestedRegion"', Tup([Lit(reg) for reg in REGIONS[:2]]))]))])),
                ])], multiline=True)),
            ])])),
        ]))
        items.append(Block("resource", ["aws_autoscaling_group", "app_%d" % i], [
            Attr("name", Tmpl("${local.name_prefix_%d}-asg" % i)),
            Attr("min_size", Raw("local.settings_%d.min_size" % i)),
            Attr("max_size", Raw("local.settings_%d.max_size" % i)),
            Attr("desired_capacity", Raw("min(max(local.capacity_%d, local.settings_%d.min_size), local.settings_%d.max_size)" % (i, i, i))),
            Attr("vpc_zone_identifier", Raw("values(aws_subnet.this_%d)[*].id" % i)),
            Block("dynamic", ["tag"], [
                Attr("for_each", Raw("local.common_tags_%d" % i)),
                Block("content", [], [
                    Attr("key", Raw("tag.key")),
                    Attr("value", Raw("tag.value")),
                    Attr("propagate_at_launch", Lit(True)),
                ]),
            ]),
            Block("instance_refresh", [], [
                Attr("strategy", Lit("Rolling")),
                Block("preferences", [], [
                    Attr("min_healthy_percentage", Num("90")),
                    Attr("instance_warmup", Num(str(r.randrange(60, 600)))),
                ]),
            ]),
        ]))
        return items

    def outputs(self, i):
        return [
            Block("output", ["vpc_id_%d" % i], [
                Attr("description", Lit("ID of the VPC of stack %d." % i)),
                Attr("value", Raw("aws_vpc.main_%d.id" % i)),
            ]),
            Block("output", ["instance_ips_%d" % i], [
                Attr("value", Raw("{ for idx, inst in aws_instance.app_%d : inst.id => { private = inst.private_ip, public = try(inst.public_ip, null) } }" % i)),
                Attr("sensitive", Lit(True)),
            ]),
            Block("output", ["summary_%d" % i], [
                Attr("value", Tmpl("Stack ${local.name_prefix_%d} has ${length(local.instance_ids_%d)} instances%%{ if local.enabled_%d } (enabled)%%{ endif }" % (i, i, i))),
            ]),
        ]

    def module_call(self, i):
        return [Block("module", ["dns_%d" % i], [
            Attr("source", Lit("./modules/dns")),
            Attr("for_each", Raw("toset([for z in var.zones : lower(z) if length(z) > 0])")),
            Attr("zone_name", Raw("each.value")),
            Attr("records", Raw("[for n, ip in local.private_ips_%d : { name = format(\"%%s-%%02d\", local.name_prefix_%d, n), type = \"A\", ttl = 300, records = [ip] }]" % (i, i))),
            Attr("providers", Obj([("aws", Raw("aws.%s" % self.pick(["primary", "secondary"])))], multiline=True)),
            Attr("depends_on", Tup([Raw("aws_instance.app_%d" % i)])),
        ])]

    def module(self, i):
        items = [Comment("---- stack %d " % i + "-" * 60, "#")]
        items += self.variables(i)
        items += self.locals(i)
        items += self.data_sources(i)
        items += self.resources(i)
        items += self.outputs(i)
        items += self.module_call(i)
        return items


# ---------------------------------------------------------------------------------------------


def reindent(text: str, prefix: str) -> str:
    return text.replace("\n", "\n" + prefix)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size-mb", type=float, default=20.0, help="minimum size of each file in MiB (default 20)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--out-dir", default=".", help="output directory")
    ap.add_argument("--name", default=None, help="base name (default corpus-<size>mb-seed<seed>)")
    args = ap.parse_args()

    target = int(args.size_mb * 1024 * 1024)
    base = args.name or "corpus-%gmb-seed%d" % (args.size_mb, args.seed)
    os.makedirs(args.out_dir, exist_ok=True)
    tf_path = os.path.join(args.out_dir, base + ".tf")
    json_path = os.path.join(args.out_dir, base + ".tf.json")

    gen = Gen(args.seed)
    native_size = 0
    json_size = 0
    # Per top-level block type, the JSON text of each module's blocks of that type, in order.
    json_groups: dict[str, list[str]] = {}
    with open(tf_path + ".tmp", "w", encoding="utf-8", newline="\n") as tf:
        header = "/*\n * Generated by bench/generate_corpus.py (seed %d): a Terraform-like benchmark input.\n */\n\n" % args.seed
        tf.write(header)
        native_size += len(header.encode())
        i = 0
        while native_size < target or json_size < target:
            items = gen.module(i)
            out: list[str] = []
            render_body(items, "", out)
            text = "".join(out) + "\n"
            tf.write(text)
            native_size += len(text.encode())
            by_type: dict[str, list[Block]] = {}
            for item in items:
                if isinstance(item, Block):
                    by_type.setdefault(item.type, []).append(item)
            for t, blocks in by_type.items():
                piece = json.dumps(json_blocks(blocks), indent=2, ensure_ascii=False)
                piece = "    " + reindent(piece, "    ")
                json_groups.setdefault(t, []).append(piece)
                json_size += len(piece.encode()) + 2
            i += 1

    with open(json_path + ".tmp", "w", encoding="utf-8", newline="\n") as jf:
        jf.write('{\n  "//": "Generated by bench/generate_corpus.py (seed %d)",\n' % args.seed)
        types = list(json_groups)
        for n, t in enumerate(types):
            jf.write('  "%s": [\n' % t)
            jf.write(",\n".join(json_groups[t]))
            jf.write("\n  ]" + (",\n" if n + 1 < len(types) else "\n"))
        jf.write("}\n")
    os.replace(tf_path + ".tmp", tf_path)
    os.replace(json_path + ".tmp", json_path)
    print("%s %d bytes, %d modules" % (tf_path, os.path.getsize(tf_path), i))
    print("%s %d bytes" % (json_path, os.path.getsize(json_path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
