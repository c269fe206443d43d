#!/usr/bin/env python3
"""Writes the synthetic PyTorch profiler (Kineto) traces of this folder: the event shapes, categories and argument
names of real torch.profiler traces (those of HolisticTraceAnalysis' tests/data, PyTorch's ProcessGroupNCCL names),
with invented times. Run: python3 generate-synthetic.py DIR"""
import json, sys

class Trace:
    def __init__(self, device, rank, world, nccl_version, host_pid=4242, tid=4242):
        self.device, self.rank, self.world, self.nccl = device, rank, world, nccl_version
        self.pid, self.tid = host_pid, tid
        self.events = []
        self.corr = 100
        self.ext = 1000

    def cpu(self, cat, name, ts, dur, args=None, tid=None):
        self.ext += 1
        a = {"External id": self.ext}
        a.update(args or {})
        self.events.append({"ph": "X", "cat": cat, "name": name, "pid": self.pid, "tid": tid or self.tid,
                            "ts": round(ts, 3), "dur": round(dur, 3), "args": a})

    def launch(self, ts, kernel, stream, kts, kdur, kargs=None, tid=None):
        """A cudaLaunchKernel at ts and its kernel at kts on stream, with the ac2g flow between them."""
        self.corr += 1
        c = self.corr
        self.events.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": self.pid,
                            "tid": tid or self.tid, "ts": round(ts, 3), "dur": 4.0,
                            "args": {"External id": self.ext, "cbid": 211, "correlation": c}})
        self.events.append({"ph": "s", "id": c, "pid": self.pid, "tid": tid or self.tid, "ts": round(ts, 3),
                            "cat": "ac2g", "name": "ac2g"})
        a = {"External id": self.ext, "queued": 0, "device": 0, "context": 1, "stream": stream, "correlation": c,
             "registers per thread": 96, "shared memory": 0, "grid": [8, 1, 1], "block": [512, 1, 1]}
        a.update(kargs or {})
        self.events.append({"ph": "X", "cat": "kernel", "name": kernel, "pid": 0, "tid": stream,
                            "ts": round(kts, 3), "dur": round(kdur, 3), "args": a})
        self.events.append({"ph": "f", "id": c, "pid": 0, "tid": stream, "ts": round(kts, 3), "cat": "ac2g",
                            "name": "ac2g", "bp": "e"})

    def write(self, path):
        doc = {"schemaVersion": 1,
               "deviceProperties": [] if self.device is None else [
                   {"id": 0, "name": self.device, "totalGlobalMem": 85899345920, "computeMajor": 8,
                    "computeMinor": 0, "maxThreadsPerBlock": 1024, "maxThreadsPerMultiprocessor": 2048,
                    "regsPerBlock": 65536, "warpSize": 32, "sharedMemPerBlock": 49152, "numSms": 108}],
               "distributedInfo": {"backend": "nccl", "rank": self.rank, "world_size": self.world,
                                   "nccl_version": self.nccl},
               "traceEvents": self.events + [
                   {"name": "process_name", "ph": "M", "ts": 0, "pid": self.pid, "tid": 0,
                    "args": {"name": "python3"}}],
               "traceName": path.split("/")[-1], "displayTimeUnit": "ms", "baseTimeNanoseconds": 1700000000000000000}
        with open(path, "w") as f:
            f.write("{\n")
            keys = list(doc)
            for i, k in enumerate(keys):
                if k == "traceEvents":
                    f.write('  "traceEvents": [\n')
                    f.write(",\n".join("  " + json.dumps(e) for e in doc[k]))
                    f.write("\n  ]")
                else:
                    f.write("  " + json.dumps(k) + ": " + json.dumps(doc[k]))
                f.write(",\n" if i < len(keys) - 1 else "\n")
            f.write("}\n")


def compute(t, ts, name, kdur, gap=6.0):
    """An aten op launching one kernel on stream 7; returns the host time after it."""
    t.cpu("cpu_op", "aten::mm", ts, 10.0)
    t.launch(ts + 3, name, 7, ts + gap + 8, kdur)
    return ts + 12.0


def collective(t, ts, coll_name, annotation, kernel, stream, kts, kdur, nelems, dtype, kernel_args=True):
    t.cpu("cpu_op", "record_param_comms", ts, 20.0, {"Collective name": coll_name, "dtype": dtype,
          "In msg nelems": nelems, "Out msg nelems": nelems, "Group size": t.world,
          "Process Group Name": "0", "Process Group Description": "default_pg",
          "In split size": "[]", "Out split size": "[]"})
    if annotation:
        t.cpu("user_annotation", annotation, ts + 2, 16.0)
    t.launch(ts + 5, kernel, stream, kts, kdur, {"Collective name": coll_name, "In msg nelems": nelems,
             "Out msg nelems": nelems, "Group size": t.world, "dtype": dtype} if kernel_args else None)
    return ts + 22.0


def fsdp(path):
    """FSDP / ZeRO-3 on 4 A100 80 GB: every layer all-gathers its parameters before its forward and backward
    and reduce-scatters its gradients after its backward (NCCL 2.19+ kernel names)."""
    t = Trace("NVIDIA A100-SXM4-80GB", 1, 4, "2.19.3")
    ag = "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
    rs = "ncclDevKernel_ReduceScatter_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
    start = 1_000_000.0
    for step, jitter in enumerate([0.0, 310.0, -120.0]):
        s0 = start
        host = s0 + 5
        gpu = s0 + 40
        layers = 2
        for l in range(layers):       # forward: all-gather, then the layer's kernels wait for it
            host = collective(t, host, "_allgather_base", "nccl:_all_gather_base", ag, 20, gpu, 900.0, 2_097_152, "Float")
            gpu += 900.0
            for k in range(2):
                kd = 1100.0 + 100 * k + jitter / 6
                t.cpu("cpu_op", "aten::linear", host, 10.0)
                t.launch(host + 3, "ampere_sgemm_128x64_tn", 7, gpu + 5, kd)
                host += 12
                gpu += 5 + kd
        for l in reversed(range(layers)):  # backward: all-gather, gradient kernels, reduce-scatter
            host = collective(t, host, "_allgather_base", "nccl:_all_gather_base", ag, 20, gpu, 900.0, 2_097_152, "Float")
            gpu += 900.0
            for k in range(2):
                kd = 2100.0 + 80 * k + jitter / 6
                t.cpu("cpu_op", "aten::mm", host, 10.0)
                t.launch(host + 3, "ampere_sgemm_128x64_nn", 7, gpu + 5, kd)
                host += 12
                gpu += 5 + kd
            host = collective(t, host, "_reduce_scatter_base", "nccl:_reduce_scatter_base", rs, 20, gpu + 3, 1700.0,
                              8_388_608, "Float")
            gpu += 3 + 1700.0
        t.cpu("cpu_op", "Optimizer.step#AdamW.step", host, 30.0)
        t.launch(host + 5, "void at::native::multi_tensor_apply_kernel<FusedAdamMathFunctor>", 7, gpu + 10, 400.0)
        gpu += 410.0
        end = gpu + 60
        t.cpu("user_annotation", "ProfilerStep#%d" % (step + 2), s0, end - s0)
        start = end + 5
    t.write(path)


def moe(path):
    """A mixture-of-experts layer with expert parallelism on 8 H100 (PyTorch 2.1 with NCCL 2.18): tokens go to their
    experts with an all-to-all (which NCCL runs as SendRecv kernels) and come back with another; the dense
    gradients are all-reduced. Only record_param_comms names the collectives: no nccl:* annotation, no kernel args."""
    t = Trace("NVIDIA H100 80GB HBM3", 5, 8, "2.18.1")
    a2a = "ncclKernel_SendRecv(ncclDevComm*, unsigned long, ncclWork*)"
    ar = "ncclKernel_AllReduce_RING_LL_Sum_bfloat16(ncclDevComm*, unsigned long, ncclWork*)"
    start = 5_000_000.0
    for step, jitter in enumerate([0.0, 90.0, -60.0]):
        s0 = start
        host = s0 + 5
        gpu = s0 + 30
        for layer in range(2):
            for phase in ("fwd", "bwd"):
                kd = (600.0 if phase == "fwd" else 1200.0) + jitter / 4
                t.cpu("cpu_op", "aten::mm", host, 10.0)
                t.launch(host + 3, "sm90_xmma_gemm_bf16bf16_bf16f32", 7, gpu + 5, kd)
                host += 12
                gpu += 5 + kd
                host = collective(t, host, "all_to_all", None, a2a, 24, gpu + 4, 700.0, 4_194_304, "BFloat16",
                                  kernel_args=False)
                gpu += 4 + 700.0
                t.cpu("cpu_op", "aten::bmm", host, 10.0)
                t.launch(host + 3, "sm90_xmma_gemm_bf16bf16_bf16f32_expert", 7, gpu + 5, 2 * kd)
                host += 12
                gpu += 5 + 2 * kd
                host = collective(t, host, "all_to_all", None, a2a, 24, gpu + 4, 700.0, 4_194_304, "BFloat16",
                                  kernel_args=False)
                gpu += 4 + 700.0
        host = collective(t, host, "allreduce", None, ar, 20, gpu + 3, 1500.0, 16_777_216, "BFloat16",
                          kernel_args=False)
        gpu += 3 + 1500.0
        t.cpu("cpu_op", "aten::_foreach_add_", host, 20.0)
        t.launch(host + 5, "void at::native::multi_tensor_apply_kernel<AdamFunctor>", 7, gpu + 8, 250.0)
        gpu += 258.0
        end = gpu + 40
        t.cpu("user_annotation", "ProfilerStep#%d" % (step + 10), s0, end - s0)
        start = end + 8
    t.write(path)


def pipeline(path, device):
    """Stage 2 of a 4-stage pipeline (GPipe-like schedule, 3 micro-batches) on V100: each micro-batch's
    activations arrive by recv from stage 1 and leave by send to stage 3, gradients the other way
    (NCCL 2.14 kernel names, PyTorch 1.13: send/recv annotations name the peers, kernels carry no args)."""
    t = Trace(device, 2, 4, "2.14.3")
    p2p = "ncclKernel_SendRecv(ncclDevComm*, unsigned long, ncclWork*)"
    start = 9_000_000.0
    for step, jitter in enumerate([0.0, 200.0, -80.0]):
        s0 = start
        host = s0 + 5
        gpu = s0 + 25
        for mb in range(3):   # forward of each micro-batch: recv activations, compute, send them on
            host = collective(t, host, "recv", "nccl:recv 2<-1", p2p, 30, gpu + 2, 1800.0 + jitter / 8, 1_048_576,
                              "Half", kernel_args=False)
            gpu += 2 + 1800.0 + jitter / 8
            t.cpu("cpu_op", "aten::addmm", host, 10.0)
            t.launch(host + 3, "volta_fp16_s884gemm_fp16_128x128_ldg8_f2f_nn", 7, gpu + 5, 1300.0)
            host += 12
            gpu += 5 + 1300.0
            host = collective(t, host, "send", "nccl:send 2->3", p2p, 34, gpu + 2, 400.0, 1_048_576, "Half",
                              kernel_args=False)
            gpu += 2 + 400.0
        for mb in range(3):   # backward: recv the output gradient from stage 3, compute, send to stage 1
            host = collective(t, host, "recv", "nccl:recv 2<-3", p2p, 34, gpu + 2, 1500.0 + jitter / 8, 1_048_576,
                              "Half", kernel_args=False)
            gpu += 2 + 1500.0 + jitter / 8
            t.cpu("cpu_op", "aten::mm", host, 10.0)
            t.launch(host + 3, "volta_fp16_s884gemm_fp16_128x128_ldg8_f2f_tn", 7, gpu + 5, 2600.0)
            host += 12
            gpu += 5 + 2600.0
            host = collective(t, host, "send", "nccl:send 2->1", p2p, 30, gpu + 2, 420.0, 1_048_576, "Half",
                              kernel_args=False)
            gpu += 2 + 420.0
        t.cpu("cpu_op", "Optimizer.step#SGD.step", host, 20.0)
        t.launch(host + 5, "void at::native::vectorized_elementwise_kernel<4, SGDFunctor>", 7, gpu + 8, 300.0)
        gpu += 308.0
        end = gpu + 50
        t.cpu("user_annotation", "ProfilerStep#%d" % (step + 1), s0, end - s0)
        start = end + 10
    t.write(path)


out = sys.argv[1]
fsdp(out + "/synthetic-fsdp-a100-80gb-world4-rank1.pt.trace.json")
moe(out + "/synthetic-moe-alltoall-h100-world8-rank5.pt.trace.json")
pipeline(out + "/synthetic-pipeline-v100-world4-rank2.pt.trace.json", "Tesla V100-SXM2-16GB")
