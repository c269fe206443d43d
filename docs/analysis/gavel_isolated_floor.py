#!/usr/bin/env python3
"""How physical the multi-GPU rows of `gavel-isolated` are (issue 14), outside stepcast.

For every job alone on 2, 4 or 8 GPUs (packed in one server, or spread over servers: the `_unconsolidated` types)
in both Gavel files, its scaling efficiency is e_k = throughput on k GPUs / (k x its single-GPU throughput of the
same type). Data-parallel training of a fixed per-GPU batch cannot scale better than linearly (e_k <= 1), and
adding GPUs to the same placement cannot raise the efficiency (e_2 >= e_4 >= e_8). This prints, per type and
placement, how many rows break either rule, the median efficiency at 2, 4 and 8 GPUs, and a floor: each job's
efficiencies replaced by the closest non-increasing curve that starts at e_1 = 1 (pool adjacent violators), fitted on the job's own rows (an oracle
that sees the held-out side; not a predictor) and scored by the mean absolute percentage error on the
multi-GPU throughputs, as the suite scores them.
Usage: python3 docs/analysis/gavel_isolated_floor.py [../shared/data/gavel]   (standard library only)
"""
import json
import re
import sys
from collections import defaultdict
from statistics import median

D = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/gavel"
FILES = ["simulation_throughputs.json", "physical_cluster_throughputs.json"]
KEY = re.compile(r"\('(.*?)(?: \(batch size (\d+)\))?', (\d+)\)")


def alone(path):
    out = {}
    for gpu, jobs in json.load(open(path)).items():
        for key, runs in jobs.items():
            m = KEY.match(key)
            if m and runs.get("null"):
                out[(gpu, m.group(1), int(m.group(2) or 0), int(m.group(3)))] = runs["null"]
    return out


def non_increasing_from_one(values):
    blocks = []  # [weighted sum, weight, indices]; e_1 = 1 is held fixed by a weight no row can move
    for i, v in enumerate(values):
        w = 1e12 if i == 0 else 1.0
        blocks.append([v * w, w, [i]])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] < blocks[-1][0] / blocks[-1][1]:
            s, c, idx = blocks.pop()
            blocks[-1][0] += s
            blocks[-1][1] += c
            blocks[-1][2] += idx
    fit = [0.0] * len(values)
    for s, c, idx in blocks:
        for i in idx:
            fit[i] = s / c
    return fit


def main():
    rows = defaultdict(int)
    superlinear = defaultdict(int)
    rising = defaultdict(int)
    errors = defaultdict(list)
    by_k = defaultdict(list)
    for name in FILES:
        thr = alone(f"{D}/{name}")
        jobs = {(gpu, job, batch) for gpu, job, batch, k in thr if k > 1}
        for gpu, job, batch in sorted(jobs):
            one = thr.get((gpu.replace("_unconsolidated", ""), job, batch, 1))
            ks = [k for k in (2, 4, 8) if (gpu, job, batch, k) in thr]
            if not one or not ks:
                continue
            eff = [thr[(gpu, job, batch, k)] / (k * one) for k in ks]
            group = gpu.replace("_unconsolidated", " spread") + ("" if "_unconsolidated" in gpu else " packed")
            rows[group] += len(ks)
            for k, e in zip(ks, eff):
                by_k[(group, k)].append(e)
            superlinear[group] += sum(e > 1 for e in eff)
            rising[group] += sum(b > a for a, b in zip(eff, eff[1:]))
            fit = non_increasing_from_one([1.0] + eff)[1:]
            errors[group] += [abs(f - e) / e for f, e in zip(fit, eff)]
    print(f"{'type, placement':<14}{'rows':>6}{'e_k > 1':>9}{'e rises with k':>16}{'floor MAPE':>12}"
          f"{'median e_2 / e_4 / e_8':>25}")
    for group in sorted(rows):
        mape = 100 * sum(errors[group]) / len(errors[group])
        medians = " / ".join(f"{median(by_k[(group, k)]):.2f}" for k in (2, 4, 8))
        print(f"{group:<14}{rows[group]:>6}{superlinear[group]:>9}{rising[group]:>16}{mape:>11.1f}%{medians:>25}")
    every = [e for v in errors.values() for e in v]
    print(f"{'all':<14}{len(every):>6}{sum(superlinear.values()):>9}{sum(rising.values()):>16}"
          f"{100 * sum(every) / len(every):>11.1f}%")


if __name__ == "__main__":
    main()
