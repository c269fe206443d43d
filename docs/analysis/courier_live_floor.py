#!/usr/bin/env python3
"""What Courier's live test allows a time predictor to score (issue 17), outside stepcast.

The live test (evaluation_runs.csv) is 5 jobs x 3 replications. Its mean squared error is scored per run, so
the spread of a job's own replications is a floor no predictor of the job can go under, and one run whose time
the authors entered by hand (job 3, replication 3) sits far from the other two of its job. This prints:
- the floor: every job predicted by the mean of its own three runs (an oracle fitted on the live runs);
- the same oracle with the hand-entered run left out of the job's mean (what a predictor that gets job 3's
  level right can reach at best);
- how far from each job's mean of ordinary runs a predictor may be on average for the whole test to stay under
  2,000 s^2 when it predicts job 3 at the level of its ordinary runs;
- the published cell's own mean (response_time_cells.csv, same cpu x batch x njobs), alone and with the network
  as +-h/cpu, as a predictor of those jobs' levels: the live runs drift from the published tables by more than
  that margin.
Usage: python3 docs/analysis/courier_live_floor.py [../shared/data/courier]   (standard library only)
"""
import csv
import math
import sys
from collections import defaultdict

D = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/courier"
TARGET = 2000.0

runs = list(csv.DictReader(open(f"{D}/evaluation_runs.csv")))
cells = {(int(r["cpu"]), int(r["batch"]), int(r["njobs"])): float(r["mean_time_s"])
         for r in csv.DictReader(open(f"{D}/response_time_cells.csv"))}

by_job = defaultdict(list)
for r in runs:
    by_job[r["job"]].append((float(r["measured_time_s"]), bool(r["note"].strip())))


def mse(pairs):
    return sum((t - p) ** 2 for t, p in pairs) / len(pairs)


own_mean = [(t, sum(x for x, _ in js) / len(js)) for js in by_job.values() for t, _ in js]
ordinary_mean = {j: sum(t for t, hand in js if not hand) / sum(1 for _, hand in js if not hand)
                 for j, js in by_job.items()}
oracle = [(t, ordinary_mean[j]) for j, js in by_job.items() for t, _ in js]
print(f"live runs: {len(runs)}, jobs: {len(by_job)}, entered by hand: {sum(1 for r in runs if r['note'].strip())}")
print(f"floor, each job predicted by the mean of its own runs:            {mse(own_mean):7.0f} s^2")
print(f"each job predicted by the mean of its ordinary runs:              {mse(oracle):7.0f} s^2")

# Budget left for a common bias b on the jobs without a hand-entered run: SSE(oracle) + 3 b^2 per job < 15 x TARGET.
others = [j for j, js in by_job.items() if not any(hand for _, hand in js)]
budget = len(runs) * TARGET - mse(oracle) * len(runs)
per_run = budget / sum(len(by_job[j]) for j in others)
print(f"room under {TARGET:.0f} s^2 for the {len(others)} other jobs: an RMS error of {math.sqrt(per_run):.1f} s "
      f"on their mean level ({100 * math.sqrt(per_run) / (sum(ordinary_mean[j] for j in others) / len(others)):.1f}%)")

# The network as +-h/cpu around the cell mean (the form CourierStepsEstimator uses), h from the per-network means.
net = {r["network"]: float(r["mean_time_s"]) for r in csv.DictReader(open(f"{D}/network_means.csv"))}
half_gap = (net["lenet5"] - net["simplenet"]) / 2
mean_inverse_cpu = sum(1 / k[0] for k in cells) / len(cells)


def cell_prediction(run, network_term):
    cpu = int(run["cpu"])
    base = cells.get((cpu, int(run["chosen_batch"]), int(run["njobs"])))
    if base is None:
        return None
    sign = 1 if run["network"] == "lenet5" else -1
    return base + (sign * half_gap / mean_inverse_cpu / cpu if network_term else 0.0)


for label, network_term in [("published cell mean", False), ("published cell mean +- h/cpu for the network", True)]:
    level = {}
    for r in runs:
        p = cell_prediction(r, network_term)
        if p is not None and r["job"] in others:
            level[r["job"]] = p - ordinary_mean[r["job"]]
    rms = math.sqrt(sum(e * e for e in level.values()) / len(level))
    print(f"{label}: RMS error on the mean level of the {len(level)} other jobs with a published cell: {rms:.1f} s")
