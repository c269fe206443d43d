#!/usr/bin/env python3
"""Diagnostic refits of step-time forms on the Pollux traces (issue 14), outside stepcast.

Fits each form per model on log step time (least squares, as Pollux and stepcast's pollux / pollux-topo do)
on placements.csv (<= 4 nodes) and scores MAPE on scalability.csv (6-16 nodes). The `pollux` and `topo`
forms reproduce stepcast's `pollux` (10.44%) and `pollux-topo` (10.45%) figures. `oracle:` rows fit on the
held-out rows themselves (plus the single-GPU rows): a floor for the form, not a predictor.
Usage: python3 docs/analysis/pollux_forms.py [../shared/data/pollux]   (numpy, scipy)
"""
import csv
import sys
import warnings

import numpy as np
from scipy.optimize import least_squares

warnings.filterwarnings("ignore")
D = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/pollux"
MODELS = ["bert", "cifar10", "deepspeech2", "imagenet", "ncf", "yolov3"]
KEYS = ["nodes", "rep", "per", "b", "t"]


def rows(model, name):
    out = []
    for r in csv.DictReader(open(f"{D}/{model}/{name}.csv")):
        if "placement" in r:
            d = [int(c) for c in r["placement"]]
            k, n = len(d), sum(d)
        else:
            k, n = int(r["num_nodes"]), int(r["num_replicas"])
        out.append((k, n, -(-n // k), int(r["local_bsz"]), float(r["step_time"])))
    return {key: np.array([x[i] for x in out], float) for i, key in enumerate(KEYS)}


def cat(a, b):
    return {k: np.concatenate([a[k], b[k]]) for k in KEYS}


def ring(n):
    return 2.0 * (n - 1) / n


def form(kind):
    """log step time = log((T_c^g + T_n^g)^(1/g)) with T_c = a + b m and T_n per kind."""
    def f(u, A):
        e = np.exp(u[:8])
        g = 1 + 9 / (1 + np.exp(-u[8]))
        k, R, per, m = A["nodes"], A["rep"], A["per"], A["b"]
        tc = e[0] + e[1] * m
        intra = np.where(per > 1, e[2] * ring(np.maximum(per, 1)) + e[3] * 2 * (per - 1), 0)
        if kind == "pollux":      # Qiao et al., OSDI 2021: alpha + beta (R - 2), inter or intra
            tn = np.where(k > 1, e[4] + e[5] * np.maximum(R - 2, 1e-8), e[2] + e[3] * np.maximum(R - 2, 1e-8))
        else:
            inter = {
                "topo": e[4] + e[6] * 2 * (R - 1) + e[5] * ring(k),
                "hier": intra + e[4] + e[6] * 2 * (k - 1) + e[5] * ring(k),
                "hier+2node": (intra + e[4] + e[6] * 2 * (k - 1) + e[5] * ring(k)) * np.where(k == 2, np.exp(u[9]), 1),
                "tree": e[4] + e[6] * 2 * np.log2(R) + e[5] * ring(k),
                "straggler": e[4] + e[6] * np.sqrt(2 * np.log(R)) + e[5] * ring(k),
            }[kind]
            tn = np.where(k > 1, inter, intra)
        out = np.log(tc ** g + tn ** g) / g
        return np.where(R > 1, out, np.log(tc))
    return f


def fit(f, A):
    one = A["rep"] == 1
    slope, icpt = np.polyfit(A["b"][one], A["t"][one], 1)
    best = None
    for g0 in (-2, 0, 2):
        u0 = np.array([np.log(max(icpt, 1e-4)), np.log(max(slope, 1e-6)), np.log(.05), np.log(.005),
                       np.log(.1), np.log(.1), np.log(.005), np.log(.01), g0, 0.0])
        r = least_squares(lambda u: f(u, A) - np.log(A["t"]), u0, method="trf", max_nfev=3000)
        if best is None or r.cost < best.cost:
            best = r
    return best.x


def score(kind, oracle=False):
    f = form(kind)
    per_model, every = {}, []
    for m in MODELS:
        tr, te = rows(m, "placements"), rows(m, "scalability")
        if oracle:
            tr = cat({k: v[tr["rep"] == 1] for k, v in tr.items()}, te)
        u = fit(f, tr)
        ape = np.abs(np.exp(f(u, te)) - te["t"]) / te["t"] * 100
        per_model[m] = ape.mean()
        every.extend(ape)
    label = ("oracle:" if oracle else "") + kind
    print(f"{label:22s} {np.mean(every):5.2f}%  " + "  ".join(f"{m} {v:4.1f}" for m, v in per_model.items()))


if __name__ == "__main__":
    for kind in ["pollux", "topo", "hier", "hier+2node", "tree", "straggler"]:
        score(kind)
    for kind in ["pollux", "hier", "straggler"]:
        score(kind, oracle=True)
