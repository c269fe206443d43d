#!/usr/bin/env python3
"""Writes predictors-analytic's embedded NCCL all-reduce table (io/stepcast/analytic/megatron/nccl-allreduce.tsv)
from vTrain's nccl-tests tables in shared/data/vtrain/nccl-tests (MIT; see shared/data/README.md).

Each table measures 1 MiB to 1 GiB in 1 MiB steps; the embedded table keeps 20 sizes per GPU count, each the median
in-place time of the measured sizes within 10% of it.

Usage: python3 docs/analysis/sample_nccl_tables.py ../shared/data/vtrain/nccl-tests > nccl-allreduce.tsv
"""
import csv
import math
import statistics
import sys

KNOTS_MIB = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024]
SYSTEMS = (("a100", "vtrain-a100"), ("v100", "vtrain-v100"))

HEADER = """\
# NCCL all-reduce times measured by nccl-tests all_reduce_perf (in-place columns) inside one node, by the catalog's system measured.
# Source: J. Bang et al., vTrain (MICRO 2024), https://github.com/VIA-Research/vTrain commit f8dda8473a48b373b1d25f51f52d685bff5150c5,
#   trace/a100/AR_GPU<N>_1M_1024M_LUT (8 A100 SXM4 on NVSwitch: the catalog's vtrain-a100) and
#   trace/v100/AR_GPU<N>_1M_1024M_LUT (8 V100 SXM2 on the NVLink cube-mesh: vtrain-v100); MIT licence. The tables measure 1 MiB to 1 GiB in 1 MiB steps; kept here at 20 sizes,
#   each the median time of the measured sizes within 10% of it.
# system\tranks\tbytes\tseconds"""


def main(folder):
    print(HEADER)
    for gpu, system in SYSTEMS:
        for ranks in range(2, 9):
            with open(f"{folder}/{gpu}/allreduce_{ranks}gpus.csv") as f:
                rows = list(csv.reader(f))[1:]
            seconds = {int(r[0]) // 1048576: float(r[5]) * 1e-9 for r in rows}
            for k in KNOTS_MIB:
                near = [seconds[m] for m in range(math.ceil(k * 0.9), math.floor(k * 1.1) + 1) if m in seconds]
                print(f"{system}\t{ranks}\t{k * 1048576}\t{statistics.median(near):.4e}")


if __name__ == "__main__":
    main(sys.argv[1])
