#!/usr/bin/env python3
"""Writes the best of several rounds of one side's eval benchmark (bench/run.sh) as one result.

    best_round.py OUT.json ROUND1.json ROUND2.json ...

The round with the least best wall time is kept whole (its medians are that round's), with
"rounds" (how many rounds ran) and "round_best_seconds" (each round's best, in order) added so
the spread between rounds stays visible. The sustained figures (passes back to back, when the
rounds have them) are the least of all rounds, wall and CPU each, with "sustained_round_seconds"
(each round's, in order): a round's single passes and its sustained passes are timed at
different moments, so the best of one need not come from the round with the best of the other.
Rounds whose file is empty or not JSON (a run that failed) are skipped; with none left, OUT.json
is written empty, as a failed run leaves it.
"""
import json
import sys


def main(argv):
    out, rounds = argv[1], argv[2:]
    results = []
    for path in rounds:
        try:
            with open(path) as fh:
                results.append(json.load(fh))
        except (OSError, ValueError):
            results.append(None)
    valid = [r for r in results if isinstance(r, dict) and "best_seconds" in r]
    with open(out, "w") as fh:
        if not valid:
            return 0
        best = dict(min(valid, key=lambda r: r["best_seconds"]))
        best["rounds"] = len(rounds)
        best["round_best_seconds"] = [r["best_seconds"] if isinstance(r, dict) and "best_seconds" in r else None for r in results]
        sustained = [r for r in valid if r.get("sustained_passes")]
        if sustained:
            best["sustained_seconds_per_pass"] = min(r["sustained_seconds_per_pass"] for r in sustained)
            best["sustained_cpu_seconds_per_pass"] = min(r["sustained_cpu_seconds_per_pass"] for r in sustained)
            best["sustained_round_seconds"] = [r.get("sustained_seconds_per_pass") if isinstance(r, dict) else None for r in results]
        json.dump(best, fh)
        fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
