package io.stepcast.analytic.megatron;

/**
 * Everything of one (model, layout, system) that does not depend on the fitted {@link Efficiency}, so that
 * a fit evaluates a row in a few operations. See {@link MegatronCostModel} for each term and its source.
 *
 * @param slots        1F1B time slots of the slowest stage: micro-batches m + the bubble (p - 1) / v of p stages under
 *                     the schedule with v virtual stages (v = 1: the plain schedule; Narayanan et al., SC'21, sections
 *                     2.2.1 and 2.2.2)
 * @param p2pSlots     point-to-point exchanges on the critical path: v m + p - 1 (each micro-batch crosses v times as
 *                     many stage boundaries with v virtual stages, Narayanan et al., SC'21, section 2.2.2)
 * @param first        the first stage (embedding)
 * @param middle       a middle stage with more layers than the first ({@link StagePartition}); the first itself
 *                     where no middle stage can be slower (fewer than 3 stages, or p dividing the layers)
 * @param last         the last stage (output layer); the same as {@code first} with one stage
 * @param pipelineS    point-to-point seconds per time slot (activations forward, gradients backward)
 * @param dataS        the data-parallel gradient all-reduce, seconds
 * @param embeddingS   the all-reduce of the tied embedding's gradients between the first and last stage, seconds
 * @param optimizerS   the optimizer step's memory traffic at peak bandwidth, seconds
 * @param fsdp         a fully sharded job's gathers and reduce-scatters, every micro-batch, in place of {@code dataS}
 *                     ({@link FsdpTerms#NONE} otherwise)
 * @param scatters     ZeRO stage 2's reduce-scatters of the other m - 1 micro-batches, beside {@code dataS}
 *                     ({@link MicroStepScatters#NONE} otherwise)
 * @param overlap      which of the {@code p2pSlots} exchanges hide behind compute ({@link P2pOverlap}; {@link
 *                     P2pOverlap#NONE}: all exposed)
 */
record JobTerms(double slots, double p2pSlots, StageTerms first, StageTerms middle, StageTerms last, double pipelineS,
                double dataS, double embeddingS, double optimizerS, FsdpTerms fsdp, MicroStepScatters scatters,
                P2pOverlap overlap)
        implements IterationModel {

    /** Terms whose point-to-point exchanges are all exposed (the non-interleaved schedule). */
    JobTerms(double slots, double p2pSlots, StageTerms first, StageTerms middle, StageTerms last, double pipelineS,
             double dataS, double embeddingS, double optimizerS, FsdpTerms fsdp, MicroStepScatters scatters) {
        this(slots, p2pSlots, first, middle, last, pipelineS, dataS, embeddingS, optimizerS, fsdp, scatters,
                P2pOverlap.NONE);
    }

    /** The iteration, its parts in seconds. */
    Breakdown breakdown(Efficiency e, boolean overlapData) {
        double stage = Math.max(first.seconds(e), last.seconds(e));
        if (middle != first) {
            stage = Math.max(stage, middle.seconds(e));
        }
        double pipeline = slots * stage;
        // pipelineS carries one activation and one gradient message per slot.
        double p2p = overlap.exposedS(p2pSlots, pipelineS / 2, stage);
        // Overlapped, the gradient all-reduce hides behind the backward pass of the last micro-batch (two
        // thirds of a slot: backward is twice the forward's FLOPs).
        double data = overlapData ? Math.max(0, dataS - 2.0 / 3 * stage) : dataS;
        // ZeRO stage 2 reduce-scatters in every micro-batch's backward pass too, hidden by it only when overlapped.
        data += scatters.exposedS(2.0 / 3 * stage, overlapData);
        // FSDP's collectives overlap layer by layer whatever the option says (FsdpTerms).
        data += fsdp.exposedS(stage);
        double optimizer = optimizerS;
        return new Breakdown(stage, pipeline, p2p, data + embeddingS, optimizer + e.iterationS());
    }

    @Override
    public boolean tensorLinkMatters() {
        return first.tensorLinkMatters() || middle.tensorLinkMatters() || last.tensorLinkMatters();
    }

    @Override
    public boolean unfusedSoftmaxMatters() {
        return first.unfusedSoftmaxMatters() || middle.unfusedSoftmaxMatters() || last.unfusedSoftmaxMatters();
    }

    /** The iteration time, seconds. */
    @Override
    public double seconds(Efficiency e, boolean overlapData) {
        return breakdown(e, overlapData).total();
    }

    /**
     * An iteration's parts.
     *
     * @param stageS     one micro-batch on the slowest stage
     * @param pipelineS  the 1F1B schedule: m + (p - 1) / v slots of the slowest stage, its bubble included
     * @param p2pS       the pipeline's point-to-point transfers
     * @param dataS      the data-parallel and embedding gradient all-reduces not hidden by the backward pass
     * @param optimizerS the optimizer step and the iteration's fixed host time
     */
    record Breakdown(double stageS, double pipelineS, double p2pS, double dataS, double optimizerS) {
        /** The iteration time. */
        double total() {
            return pipelineS + p2pS + dataS + optimizerS;
        }
    }
}
