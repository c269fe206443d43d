package io.stepcast.analytic.megatron;

/**
 * The data-parallel communication of a fully sharded stage ({@link io.stepcast.api.Sharding#FULL}) and how much of
 * it the compute leaves exposed. FSDP all-gathers each layer's weights before its forward pass and again before its
 * backward pass, and reduce-scatters its gradients after it, every micro-batch, prefetching the next layer's gather
 * while the current layer computes (Zhao et al., "PyTorch FSDP: Experiences on Scaling Fully Sharded Data Parallel",
 * VLDB 2023, sections 3.3 and 3.4). So per micro-batch the forward pass hides the stage's gathers behind its compute
 * and the backward pass hides a gather and the reduce-scatters behind its compute, on one communication stream: what
 * exceeds the compute is exposed, and at least the first layer's gather (nothing to overlap it with yet) and the last
 * layer's reduce-scatter (nothing after it). Compute is not slowed by the collectives sharing its multiprocessors, a
 * lower bound.
 *
 * @param gatherS         all-gather of the stage's half-precision weights over its data-parallel group, seconds
 * @param scatterS        reduce-scatter of the stage's gradients over that group, seconds
 * @param units           the stage's sharded units (its layers), whose first gather and last scatter stay exposed
 * @param forwardFraction the forward pass's share of a micro-batch's compute on the stage (a third; a quarter under
 *                        full recomputation, whose backward pass runs the forward again)
 * @param microBatches    micro-batches m per iteration, each gathering and reduce-scattering again
 */
record FsdpTerms(double gatherS, double scatterS, int units, double forwardFraction, int microBatches) {
    /** A stage that is not fully sharded: no such communication. */
    static final FsdpTerms NONE = new FsdpTerms(0, 0, 1, 1.0 / 3, 1);

    FsdpTerms {
        if (units < 1 || microBatches < 1) {
            throw new IllegalArgumentException("a stage has at least one sharded unit and one micro-batch, was "
                    + units + " and " + microBatches);
        }
    }

    /** Exposed seconds of one iteration whose micro-batches each take {@code stageS} of compute on the stage. */
    double exposedS(double stageS) {
        return microBatches * (forwardExposedS(forwardFraction * stageS)
                + backwardExposedS((1 - forwardFraction) * stageS));
    }

    /** Exposed seconds of one micro-batch's forward pass of {@code forwardS} compute: the gathers it does not hide. */
    double forwardExposedS(double forwardS) {
        return gatherS == 0 ? 0 : Math.max(gatherS / units, gatherS - forwardS);
    }

    /**
     * Exposed seconds of one micro-batch's backward pass of {@code backwardS} compute: the gathers and reduce-scatters
     * it does not hide.
     */
    double backwardExposedS(double backwardS) {
        return gatherS == 0 && scatterS == 0 ? 0 : Math.max(scatterS / units, gatherS + scatterS - backwardS);
    }
}
