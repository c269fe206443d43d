package io.stepcast.analytic.megatron;

/**
 * The eight fitted constants of {@link MegatronCostModel}, each a property of the GPU and its software stack
 * (none of a node or a network, so that a fit on one node carries to many):
 *
 * @param flops     achieved fraction of the device's peak dense FP16/BF16 throughput on the transformer's
 *                  matrix multiplications (Narayanan et al., SC'21, section 5.1 report it per model as the
 *                  fraction of the A100's 312 TFLOP/s)
 * @param memory    achieved fraction of the device memory bandwidth on the element-wise kernels (softmax,
 *                  dropout, GeLU, layer norm, bias and residual additions), whose traffic
 *                  {@link TransformerCosts} estimates
 * @param hostS     host (CPU) seconds to launch one transformer layer's kernels, forward and backward, for one
 *                  micro-batch: the launch-bound regime of small kernels
 * @param tensorLink achieved fraction of the collective cost model's speed on the tensor-parallel all-reduces,
 *                  which are small (one activation tensor), frequent and always inside one node (Narayanan et
 *                  al., SC'21, section 3.3), so that NCCL's per-call costs the alpha-beta model leaves out show
 *                  here; it applies only where the link's all-reduce was not measured ({@link MeasuredAllReduce}
 *                  prices it otherwise, and a fit on such rows alone holds it at 1), never to a transfer that
 *                  crosses nodes
 * @param iterationS host seconds once per iteration outside the pipeline (the optimizer's and the gradient
 *                  clipping's many small kernels, the loss-scale check, the data loader's hand-over), the same
 *                  on every GPU whatever the layout
 * @param overlap   the exponent k of the p-norm {@code (host^k + device^k)^(1/k)} by which host launches and
 *                  device execution overlap (k = 1: serial; k to infinity: the larger of the two); CUDA launches
 *                  are asynchronous (PyTorch "CUDA semantics: asynchronous execution",
 *                  https://pytorch.org/docs/stable/notes/cuda.html#asynchronous-execution), so k is above 1
 * @param endHostS  host seconds to launch, per micro-batch, the kernels of one end of the model: the embedding
 *                  on the first stage, the output layer and the loss on the last (both on a single stage); in the
 *                  launch-bound regime of short layers they do not scale with the layer count
 * @param unfusedSoftmaxS host seconds per layer and micro-batch added when the attention softmax falls back from
 *                  Megatron-LM's fused kernel to PyTorch's separate scale, mask and softmax kernels and their
 *                  backward ({@link TransformerCosts#fusedSoftmax()}): the launch-bound rows of TP = 8 at micro-batch 1,
 *                  where {@code b a / t} = 2 attention batches are not a multiple of the kernel's 4 per block
 */
public record Efficiency(double flops, double memory, double tensorLink, double hostS, double iterationS,
                         double overlap, double endHostS, double unfusedSoftmaxS) {
    public Efficiency {
        check(flops, "flops", 1.0);
        check(memory, "memory", 1.0);
        check(tensorLink, "tensor-link", 1.0);
        if (!(hostS >= 0) || !Double.isFinite(hostS)) {
            throw new IllegalArgumentException("host seconds must be non-negative, was " + hostS);
        }
        if (!(iterationS >= 0) || !Double.isFinite(iterationS)) {
            throw new IllegalArgumentException("iteration seconds must be non-negative, was " + iterationS);
        }
        if (!(endHostS >= 0) || !Double.isFinite(endHostS)) {
            throw new IllegalArgumentException("end host seconds must be non-negative, was " + endHostS);
        }
        if (!(unfusedSoftmaxS >= 0) || !Double.isFinite(unfusedSoftmaxS)) {
            throw new IllegalArgumentException("unfused softmax seconds must be non-negative, was " + unfusedSoftmaxS);
        }
        if (!(overlap >= 1) || !Double.isFinite(overlap)) {
            throw new IllegalArgumentException("overlap exponent must be at least 1, was " + overlap);
        }
    }

    private static void check(double v, String name, double max) {
        if (!(v > 0) || !(v <= max)) {
            throw new IllegalArgumentException(name + " efficiency must be in (0, " + max + "], was " + v);
        }
    }

    /**
     * The constants {@code megatron-analytic} fits on all 1,440 rows of vTrain's measured single-node A100 table
     * ({@code shared/data/vtrain/ground_truth_single.csv}; J. Bang et al., vTrain, MICRO 2024), used by
     * {@code plan-llm} when no data is given ({@code MegatronAnalyticRealDataTest} refits and checks them).
     */
    public static final Efficiency VTRAIN_A100 = new Efficiency(0.772, 0.845, 1.0, 3.22e-3, 1e-9, 3.35, 2.65e-3,
            1.46e-3);

    /** The constants from {@link #toArray()}'s order. */
    static Efficiency fromArray(double[] v) {
        if (v.length != 8) {
            throw new IllegalArgumentException("8 efficiency constants expected, found " + v.length);
        }
        return new Efficiency(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
    }

    /** The parameters as an array (for the optimiser). */
    double[] toArray() {
        return new double[] {flops, memory, tensorLink, hostS, iterationS, overlap, endHostS, unfusedSoftmaxS};
    }
}
