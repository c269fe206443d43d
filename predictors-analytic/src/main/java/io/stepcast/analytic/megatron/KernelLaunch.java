package io.stepcast.analytic.megatron;

/**
 * The host (CPU) time an eager PyTorch training job spends per kernel it launches, measured, not fitted: the median
 * interval between consecutive {@code cudaLaunchKernel} calls of one host thread in the PyTorch profiler (Kineto)
 * trace of rank 3 of an 8-GPU NCCL data-parallel job on A100 GPUs (facebookresearch/HolisticTraceAnalysis@f4d0062,
 * {@code tests/data}, {@code a100_world8_rank3.pt.trace.json.gz} in {@code ../shared/data/kineto}), pooled over its
 * launching threads: 33 microseconds over 8,566 intervals. The interval is what the host spends between two launches:
 * the Python and ATen dispatch of the operator, the launch call (median 6 microseconds there) and the profiler's own
 * overhead, so it is an upper estimate of an unprofiled run's. The V100 ResNet trace of the same source gives 30.25
 * microseconds; its 2-GPU A100 trace (median 178) is left out because its intervals include the host's waits on 960
 * device copies and event synchronisations, not launches. {@code KernelLaunchTest} recomputes both figures from the
 * traces.
 *
 * <p>None of the Megatron rows the closed form is checked on was used: the figure prices the launches the fitted
 * dense-layer host constant ({@link Efficiency#hostS()}) does not hold, the mixture-of-experts layer's own
 * ({@link ExpertCosts#extraLaunches()}).
 */
final class KernelLaunch {
    /** The A100 world-8 Kineto trace's median launch interval, microseconds: hyper-parameter launch-us's default. */
    static final String MICROSECONDS = "33";
    /** Host seconds per launched kernel: {@link #MICROSECONDS} over a million. */
    static final double HOST_S = Double.parseDouble(MICROSECONDS) / 1e6;

    private KernelLaunch() {
    }
}
