#!/usr/bin/env python3
"""How far simple rules carry Gavel's pair throughputs to a GPU type (issue 14, gavel-colocated), outside stepcast.

A pair's rate on a type is predicted from the job's own rate alone on that type (which a scheduler measures once
per type) and what the other two types show of the same pair: the pair's slowdown (rate paired / rate alone)
averaged over the other types; or, with no knowledge of the co-runner, half the rate alone. Scored as MAPE over
every pair of simulation_throughputs.json whose job ran alone on all three types. stepcast's predictors cannot
apply either rule: a configuration does not name the co-runner (it is a tag of the observation).
Usage: python3 docs/analysis/gavel_colocated.py [../shared/data/gavel]   (standard library only)
"""
import json
import statistics
import sys

D = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/gavel"
table = json.load(open(f"{D}/simulation_throughputs.json"))
types = [t for t in table if not t.endswith("_unconsolidated")]
alone, paired = {}, {}
for t in types:
    for job, runs in table[t].items():
        for other, rate in runs.items():
            if other == "null":
                alone[(t, job)] = rate
            elif isinstance(rate, list) and rate[0] > 0:
                paired[(t, job, other)] = rate[0]

slowdown, half = [], []
for (t, job, other), rate in paired.items():
    own = alone.get((t, job), 0)
    if own <= 0:
        continue
    half.append(abs(own / 2 - rate) / rate)
    ratios = [paired[(u, job, other)] / alone[(u, job)] for u in types
              if u != t and (u, job, other) in paired and alone.get((u, job), 0) > 0]
    if ratios:
        slowdown.append(abs(own * statistics.mean(ratios) - rate) / rate)
print(f"pairs: {len(paired)}")
print(f"the pair's slowdown on the other types x the job's rate alone: {100 * statistics.mean(slowdown):.1f}% "
      f"MAPE over {len(slowdown)} pairs")
print(f"half the job's rate alone: {100 * statistics.mean(half):.1f}% MAPE over {len(half)} pairs")
