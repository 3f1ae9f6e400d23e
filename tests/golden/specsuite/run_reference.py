#!/usr/bin/env python3
"""Runs an hcldec executable over every spec-suite test and every case, printing one JSON record per
run (the expected outputs, when the executable is HashiCorp's real cmd/hcldec).

Usage: run_reference.py HCLDEC SUITE_DIR CASES_DIR

What runs (the C++ test, specsuite_golden_test.cpp, replays exactly these records):
  suite: every NAME.t below SUITE_DIR, with NAME.hcldec, on NAME.hcl and NAME.hcl.json when present
  cases: every NAME.hcldec in CASES_DIR, on NAME.hcl and NAME.hcl.json; NAME.vars.json is passed
         with --vars when present
each input in three modes: "decode" (--with-type --keep-nulls, as hclspecsuite does), "var-refs"
(as hclspecsuite does) and "plain" (no flags: nulls stripped, no type), all with --diags=json, run
in the set's directory with relative paths so that file names in the output are stable.
"""
import json
import os
import subprocess
import sys

MODES = {
    "decode": ["--with-type", "--keep-nulls"],
    "var-refs": ["--var-refs"],
    "plain": [],
}


def runs(set_name, base_dir):
    bases = []
    for dirpath, dirnames, filenames in os.walk(base_dir):
        dirnames.sort()
        for f in sorted(filenames):
            rel = os.path.relpath(os.path.join(dirpath, f), base_dir)
            if set_name == "suite" and f.endswith(".t"):
                bases.append(rel[:-2])
            elif set_name == "cases" and f.endswith(".hcldec"):
                bases.append(rel[: -len(".hcldec")])
    for base in sorted(bases):
        extra = []
        if os.path.exists(os.path.join(base_dir, base + ".vars.json")):
            extra = ["--vars=" + base + ".vars.json"]
        for ext in (".hcl", ".hcl.json"):
            if not os.path.exists(os.path.join(base_dir, base + ext)):
                continue
            for mode, flags in MODES.items():
                args = ["--spec=" + base + ".hcldec", "--diags=json"] + flags + extra + [base + ext]
                yield base, base + ext, mode, args


def main():
    hcldec, suite_dir, cases_dir = sys.argv[1:4]
    for set_name, base_dir in (("suite", suite_dir), ("cases", cases_dir)):
        for base, input_name, mode, args in runs(set_name, base_dir):
            p = subprocess.run([hcldec] + args, cwd=base_dir, capture_output=True, timeout=60)
            rec = {
                "set": set_name,
                "test": base,
                "input": input_name,
                "mode": mode,
                "args": args,
                "exit": p.returncode,
                "stdout": p.stdout.decode("utf-8", "replace"),
                "stderr": p.stderr.decode("utf-8", "replace"),
            }
            print(json.dumps(rec, ensure_ascii=False, sort_keys=False))


if __name__ == "__main__":
    main()
