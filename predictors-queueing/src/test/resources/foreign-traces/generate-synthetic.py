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


def kernel(t, host, gpu, op, name, kdur):
    """The aten op `op` at host launching one kernel on stream 7, which starts 5 us after gpu; returns the host
    and GPU times after it."""
    t.cpu("cpu_op", op, host, 10.0)
    t.launch(host + 3, name, 7, gpu + 5, kdur)
    return host + 12, gpu + (5 + kdur)


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


def exchange(t, host, gpu, coll_name, annotation, kernel, stream, wait, kdur, nelems, dtype, kernel_args=True):
    """A collective whose kernel starts `wait` us after gpu; returns the host and GPU times after it."""
    host = collective(t, host, coll_name, annotation, kernel, stream, gpu + wait, kdur, nelems, dtype, kernel_args)
    return host, gpu + (wait + kdur)


def profile(t, path, start, jitters, gpu_lead, step_offset, gap, step, optimizer):
    """Writes the trace of one ProfilerStep per jitter, `gap` us apart: each opens at host time s0 + 5 and GPU time
    s0 + gpu_lead, runs step(host, gpu, jitter) (which returns the host and GPU times after it), and closes with the
    optimizer's op and kernel, optimizer = (op, op_dur, kernel, wait after the GPU time, kernel_dur, tail to the
    step's end)."""
    op, op_dur, name, wait, kdur, tail = optimizer
    for i, jitter in enumerate(jitters):
        s0 = start
        host, gpu = step(s0 + 5, s0 + gpu_lead, jitter)
        t.cpu("cpu_op", op, host, op_dur)
        t.launch(host + 5, name, 7, gpu + wait, kdur)
        end = gpu + (wait + kdur) + tail
        t.cpu("user_annotation", "ProfilerStep#%d" % (i + step_offset), s0, end - s0)
        start = end + gap
    t.write(path)


def fsdp(path):
    """FSDP / ZeRO-3 on 4 A100 80 GB: every layer all-gathers its parameters before its forward and backward
    and reduce-scatters its gradients after its backward (NCCL 2.19+ kernel names)."""
    t = Trace("NVIDIA A100-SXM4-80GB", 1, 4, "2.19.3")
    ag = "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
    rs = "ncclDevKernel_ReduceScatter_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)"

    def step(host, gpu, jitter):
        layers = 2
        for l in range(layers):       # forward: all-gather, then the layer's kernels wait for it
            host, gpu = exchange(t, host, gpu, "_allgather_base", "nccl:_all_gather_base", ag, 20, 0, 900.0,
                                 2_097_152, "Float")
            for k in range(2):
                host, gpu = kernel(t, host, gpu, "aten::linear", "ampere_sgemm_128x64_tn", 1100.0 + 100 * k + jitter / 6)
        for l in reversed(range(layers)):  # backward: all-gather, gradient kernels, reduce-scatter
            host, gpu = exchange(t, host, gpu, "_allgather_base", "nccl:_all_gather_base", ag, 20, 0, 900.0,
                                 2_097_152, "Float")
            for k in range(2):
                host, gpu = kernel(t, host, gpu, "aten::mm", "ampere_sgemm_128x64_nn", 2100.0 + 80 * k + jitter / 6)
            host, gpu = exchange(t, host, gpu, "_reduce_scatter_base", "nccl:_reduce_scatter_base", rs, 20, 3, 1700.0,
                                 8_388_608, "Float")
        return host, gpu

    profile(t, path, 1_000_000.0, [0.0, 310.0, -120.0], 40, 2, 5, step, ("Optimizer.step#AdamW.step", 30.0,
            "void at::native::multi_tensor_apply_kernel<FusedAdamMathFunctor>", 10, 400.0, 60))


def moe(path):
    """A mixture-of-experts layer with expert parallelism on 8 H100 (PyTorch 2.1 with NCCL 2.18): tokens go to their
    experts with an all-to-all (which NCCL runs as SendRecv kernels) and come back with another; the dense
    gradients are all-reduced. Only record_param_comms names the collectives: no nccl:* annotation, no kernel args."""
    t = Trace("NVIDIA H100 80GB HBM3", 5, 8, "2.18.1")
    a2a = "ncclKernel_SendRecv(ncclDevComm*, unsigned long, ncclWork*)"
    ar = "ncclKernel_AllReduce_RING_LL_Sum_bfloat16(ncclDevComm*, unsigned long, ncclWork*)"

    def step(host, gpu, jitter):
        for layer in range(2):
            for phase in ("fwd", "bwd"):
                kd = (600.0 if phase == "fwd" else 1200.0) + jitter / 4
                for op, gemm, kdur in (("aten::mm", "sm90_xmma_gemm_bf16bf16_bf16f32", kd),
                                       ("aten::bmm", "sm90_xmma_gemm_bf16bf16_bf16f32_expert", 2 * kd)):
                    host, gpu = kernel(t, host, gpu, op, gemm, kdur)
                    host, gpu = exchange(t, host, gpu, "all_to_all", None, a2a, 24, 4, 700.0, 4_194_304, "BFloat16",
                                         kernel_args=False)
        return exchange(t, host, gpu, "allreduce", None, ar, 20, 3, 1500.0, 16_777_216, "BFloat16",
                        kernel_args=False)

    profile(t, path, 5_000_000.0, [0.0, 90.0, -60.0], 30, 10, 8, step, ("aten::_foreach_add_", 20.0,
            "void at::native::multi_tensor_apply_kernel<AdamFunctor>", 8, 250.0, 40))


def pipeline(path, device):
    """Stage 2 of a 4-stage pipeline (GPipe-like schedule, 3 micro-batches) on V100: each micro-batch's
    activations arrive by recv from stage 1 and leave by send to stage 3, gradients the other way
    (NCCL 2.14 kernel names, PyTorch 1.13: send/recv annotations name the peers, kernels carry no args)."""
    t = Trace(device, 2, 4, "2.14.3")
    p2p = "ncclKernel_SendRecv(ncclDevComm*, unsigned long, ncclWork*)"

    def step(host, gpu, jitter):
        passes = (  # forward of each micro-batch: recv activations, compute, send them on; backward: recv the
                    # output gradient from stage 3, compute, send to stage 1
            ("nccl:recv 2<-1", 30, 1800.0, "aten::addmm", "volta_fp16_s884gemm_fp16_128x128_ldg8_f2f_nn", 1300.0,
             "nccl:send 2->3", 34, 400.0),
            ("nccl:recv 2<-3", 34, 1500.0, "aten::mm", "volta_fp16_s884gemm_fp16_128x128_ldg8_f2f_tn", 2600.0,
             "nccl:send 2->1", 30, 420.0))
        for recv, recv_stream, recv_us, op, gemm, gemm_us, send, send_stream, send_us in passes:
            for mb in range(3):
                host, gpu = exchange(t, host, gpu, "recv", recv, p2p, recv_stream, 2, recv_us + jitter / 8, 1_048_576,
                                     "Half", kernel_args=False)
                host, gpu = kernel(t, host, gpu, op, gemm, gemm_us)
                host, gpu = exchange(t, host, gpu, "send", send, p2p, send_stream, 2, send_us, 1_048_576, "Half",
                                     kernel_args=False)
        return host, gpu

    profile(t, path, 9_000_000.0, [0.0, 200.0, -80.0], 25, 1, 10, step, ("Optimizer.step#SGD.step", 20.0,
            "void at::native::vectorized_elementwise_kernel<4, SGDFunctor>", 8, 300.0, 50))


out = sys.argv[1]
fsdp(out + "/synthetic-fsdp-a100-80gb-world4-rank1.pt.trace.json")
moe(out + "/synthetic-moe-alltoall-h100-world8-rank5.pt.trace.json")
pipeline(out + "/synthetic-pipeline-v100-world4-rank2.pt.trace.json", "Tesla V100-SXM2-16GB")
