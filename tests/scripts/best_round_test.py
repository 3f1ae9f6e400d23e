#!/usr/bin/env python3
"""bench/best_round.py: the round with the least best wall time is kept whole, with the rounds'
count and each round's best added; the sustained figures are the least of all rounds, wall and
CPU each, whichever round they come from; failed rounds (empty or not JSON) are skipped; with none
left the output is empty, as a failed run leaves it."""
import json
import os
import subprocess
import sys
import tempfile

script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "best_round.py")


def run(rounds):
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for i, content in enumerate(rounds):
            p = os.path.join(d, "round%d.json" % i)
            with open(p, "w") as fh:
                fh.write(content)
            paths.append(p)
        out = os.path.join(d, "out.json")
        subprocess.run([sys.executable, script, out] + paths, check=True)
        with open(out) as fh:
            text = fh.read()
        return json.loads(text) if text else None


def check(cond, what):
    if not cond:
        print("FAILED:", what)
        sys.exit(1)


r = run([json.dumps({"best_seconds": 0.2, "median_seconds": 0.3, "digest": "a"}),
         json.dumps({"best_seconds": 0.1, "median_seconds": 0.5, "digest": "b"}),
         json.dumps({"best_seconds": 0.15, "median_seconds": 0.2, "digest": "c"})])
check(r["digest"] == "b" and r["median_seconds"] == 0.5, "the best round is kept whole, its median with it")
check(r["rounds"] == 3 and r["round_best_seconds"] == [0.2, 0.1, 0.15], "every round's best is listed in order")

r = run([json.dumps({"best_seconds": 0.2, "sustained_passes": 20, "sustained_seconds_per_pass": 0.9, "sustained_cpu_seconds_per_pass": 1.0}),
         json.dumps({"best_seconds": 0.1, "sustained_passes": 20, "sustained_seconds_per_pass": 1.2, "sustained_cpu_seconds_per_pass": 1.3}),
         json.dumps({"best_seconds": 0.3, "sustained_passes": 20, "sustained_seconds_per_pass": 1.1, "sustained_cpu_seconds_per_pass": 0.8})])
check(r["best_seconds"] == 0.1, "the single runs' best round is kept")
check(r["sustained_seconds_per_pass"] == 0.9 and r["sustained_cpu_seconds_per_pass"] == 0.8,
      "the sustained figures are each the least of all rounds, not the kept round's")
check(r["sustained_round_seconds"] == [0.9, 1.2, 1.1], "every round's sustained seconds are listed in order")

r = run([json.dumps({"best_seconds": 0.2}), json.dumps({"best_seconds": 0.1, "sustained_passes": 0, "sustained_seconds_per_pass": 0})])
check("sustained_round_seconds" not in r and r["sustained_seconds_per_pass"] == 0, "rounds without a sustained measurement add none")

r = run(["", "not json", json.dumps({"best_seconds": 0.4})])
check(r["best_seconds"] == 0.4 and r["round_best_seconds"] == [None, None, 0.4], "failed rounds are skipped")

check(run(["", "{}"]) is None, "no valid round: the output is empty")
print("best_round.py: all checks passed")
