#!/usr/bin/env python3
"""What the Pollux sweeps of `batch-slo` allow a batch-size selector (issue 17), outside stepcast.

Rebuilds the suite's decisions: a job is one model on one placement (placements.csv) or one (nodes, replicas)
(scalability.csv), its candidates are its measured local batches (duplicates averaged), one SLO halfway between
each pair of consecutive distinct measured step times, met when the chosen batch's measured step time is strictly
below it; the objective is throughput (local batch / measured step time), the oracle the best measured-feasible
batch; a selector takes the largest batch it judges feasible, or the one it judges fastest when none. Reported as
by `SelectionScorer`: feasible_missed (share of decisions with a measured-feasible batch whose choice missed) and
regret (mean relative throughput shortfall against the oracle over the decisions that met the SLO).

The selectors here are oracles: they see measured rows of the decided job, which no predictor may (the held-out
side). `isotonic` fits the best non-decreasing step time to all of the job's rows (pool adjacent violators): a
smooth, physically plausible curve with nothing left to predict but the measurements' own noise (a larger batch
measured faster than a smaller one). `level x shape` knows the job's level exactly (its rows' mean log step time)
and learns the shape in the batch from the other jobs of the same model (mean log step time per batch relative to
each job's mean over the batches it shares with the decided job), as a predictor that profiled the job everywhere
but read the batch effect off the other placements would. `anchored` sees only the job's smallest batch (what
`known_batch: smallest` gives a predictor) and scales it by the median ratio of each batch's step time to that
batch's over the model's other placements. With `risk`, a candidate is feasible when its fitted
time times (1 + q) is under the SLO, q the (1 - risk) quantile of the oracle's own relative residuals over all
jobs (an interval that covers the measurements as the risk asks).
Usage: python3 docs/analysis/pollux_slo_floor.py [../shared/data/pollux]   (standard library only)
"""
import csv
import math
import sys
from collections import defaultdict

D = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/pollux"
MODELS = ["bert", "cifar10", "deepspeech2", "imagenet", "ncf", "yolov3"]


def jobs():
    out = {}
    for m in MODELS:
        for name in ["placements", "scalability"]:
            acc = defaultdict(lambda: defaultdict(list))
            for r in csv.DictReader(open(f"{D}/{m}/{name}.csv")):
                key = r["placement"] if "placement" in r else (r["num_nodes"], r["num_replicas"])
                acc[key][int(r["local_bsz"])].append(float(r["step_time"]))
            for key, by_batch in acc.items():
                if len(by_batch) >= 2:
                    out[(m, name, key)] = {b: sum(v) / len(v) for b, v in by_batch.items()}
    return out


def isotonic(t):
    blocks = []  # [sum, count, batches]
    for b in sorted(t):
        blocks.append([t[b], 1, [b]])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            s, c, bb = blocks.pop()
            blocks[-1][0] += s
            blocks[-1][1] += c
            blocks[-1][2] += bb
    return {b: s / c for s, c, bb in blocks for b in bb}


def level_shape(all_jobs, j):
    t = all_jobs[j]
    shape = {}
    for b in t:
        xs = []
        for k, other in all_jobs.items():
            common = [c for c in t if c in other]
            if k == j or k[0] != j[0] or b not in other or len(common) < 2:
                continue
            xs.append(math.log(other[b]) - sum(math.log(other[c]) for c in common) / len(common))
        shape[b] = sum(xs) / len(xs) if xs else 0.0
    level = sum(math.log(t[b]) - shape[b] for b in t) / len(t)
    return {b: math.exp(level + shape[b]) for b in t}


def anchored(all_jobs, j):
    t = all_jobs[j]
    b0 = min(t)
    out = {}
    for b in t:
        ratios = sorted(other[b] / other[b0] for k, other in all_jobs.items()
                        if k != j and k[0] == j[0] and b in other and b0 in other)
        mid = len(ratios) // 2
        median = 1.0 if not ratios else ratios[mid] if len(ratios) % 2 else (ratios[mid - 1] + ratios[mid]) / 2
        out[b] = t[b0] * median
    return out


def quantile(xs, p):
    xs = sorted(xs)
    h = (len(xs) - 1) * p
    lo = int(h)
    return xs[lo] + (h - lo) * (xs[min(lo + 1, len(xs) - 1)] - xs[lo])


def score(all_jobs, fits, q):
    decisions = missed = violations = 0
    regrets = []
    for j, t in all_jobs.items():
        fit = fits[j]
        lat = sorted(set(t.values()))
        for a, b in zip(lat, lat[1:]):
            slo = (a + b) / 2
            decisions += 1
            feasible = [c for c in t if fit[c] * (1 + q) < slo]
            chosen = max(feasible) if feasible else min(t, key=lambda c: (fit[c], c))
            measured_feasible = [c for c in t if t[c] < slo]
            met = t[chosen] < slo
            if not met:
                violations += 1
                missed += bool(measured_feasible)
            elif measured_feasible:
                best = max(c / t[c] for c in measured_feasible)
                regrets.append(max(0.0, (best - chosen / t[chosen]) / best))
    return decisions, missed / decisions, sum(regrets) / len(regrets), violations / decisions


def main():
    all_jobs = jobs()
    pairs = decreasing = 0
    for t in all_jobs.values():
        bs = sorted(t)
        for b1, b2 in zip(bs, bs[1:]):
            pairs += 1
            decreasing += t[b2] < t[b1]
    print(f"{len(all_jobs)} jobs; {decreasing} of {pairs} consecutive batch pairs "
          f"({100 * decreasing / pairs:.1f}%) measured faster at the larger batch")
    print(f"{'selector':<34}{'decisions':>10}{'feasible_missed':>17}{'regret':>9}{'violations':>12}")
    exact = {j: t for j, t in all_jobs.items()}
    n, fm, rg, vr = score(all_jobs, exact, 0.0)
    print(f"{'measured (oracle)':<34}{n:>10}{100 * fm:>16.1f}%{100 * rg:>8.1f}%{100 * vr:>11.1f}%")
    for name, fitter in [("isotonic", lambda j: isotonic(all_jobs[j])),
                         ("level x shape", lambda j: level_shape(all_jobs, j)),
                         ("anchored", lambda j: anchored(all_jobs, j))]:
        fits = {j: fitter(j) for j in all_jobs}
        rel = [t[b] / fits[j][b] - 1 for j, t in all_jobs.items() for b in t]
        for risk in [None, 0.1, 0.05]:
            q = 0.0 if risk is None else quantile(rel, 1 - risk)
            label = name + ("" if risk is None else f" risk={risk} (q={100 * q:.1f}%)")
            n, fm, rg, vr = score(all_jobs, fits, q)
            print(f"{label:<34}{n:>10}{100 * fm:>16.1f}%{100 * rg:>8.1f}%{100 * vr:>11.1f}%")


if __name__ == "__main__":
    main()
