package io.stepcast.analytic.megatron;

import java.util.List;

/**
 * The efficiency-independent terms of one job, stage by stage, for {@link PipelineSimulation}: what
 * {@link JobTerms} condenses into the slowest stage and a bubble, kept per stage and per stage boundary (each
 * stage's own layers, embedding or output layer, parameters; each boundary's link, NVLink or NIC by
 * Megatron-LM's rank placement). Under the interleaved schedule the per-stage terms are per model chunk, in the
 * order a micro-batch runs through them (virtual stage j = c p + i is chunk c of stage i; {@link ChunkSplit}). See
 * {@link MegatronCostModel} for every term and its source.
 *
 * @param stages          per virtual stage (per stage with one chunk), one micro-batch forward plus backward at peak
 *                        figures
 * @param forwardFraction the forward pass's share of a stage's work: 1/3 (the backward pass has twice the
 *                        forward's FLOPs; Narayanan et al., SC'21, appendix), 1/4 with full recomputation
 * @param sendS           per boundary between virtual stage j and j + 1, one activation message, seconds
 * @param dataS           per stage, its data-parallel gradient all-reduce, seconds
 * @param embeddingS      the tied embedding's all-reduce between the first and last stage, seconds
 * @param optimizerS      per stage, the optimizer step's memory traffic at peak bandwidth, seconds
 * @param microBatches    m
 * @param fsdp            per virtual stage, a fully sharded job's gathers and reduce-scatters, which lengthen each micro-batch's
 *                        forward and backward pass by what they do not hide ({@link FsdpTerms}), in place of
 *                        {@code dataS}; {@link FsdpTerms#NONE} otherwise
 * @param chunks          v model chunks per stage (1: the non-interleaved schedule)
 * @param scatters        per stage, ZeRO stage 2's reduce-scatters of the other m - 1 micro-batches, charged beside
 *                        {@code dataS} ({@link MicroStepScatters#NONE} otherwise)
 * @param overlapP2p      whether the interleaved schedule's steady-state sends overlap compute ({@link P2pOverlap})
 */
record PipelineTerms(List<StageTerms> stages, double forwardFraction, double[] sendS, double[] dataS,
                     double embeddingS, double[] optimizerS, int microBatches, List<FsdpTerms> fsdp, int chunks,
                     List<MicroStepScatters> scatters, boolean overlapP2p)
        implements IterationModel {
    PipelineTerms {
        stages = List.copyOf(stages);
        fsdp = List.copyOf(fsdp);
        scatters = List.copyOf(scatters);
        if (fsdp.size() != stages.size()) {
            throw new IllegalArgumentException(fsdp.size() + " FSDP terms for " + stages.size() + " stages");
        }
        if (scatters.size() != dataS.length) {
            throw new IllegalArgumentException(scatters.size() + " micro-step scatters for " + dataS.length + " stages");
        }
        sendS = sendS.clone();
        dataS = dataS.clone();
        optimizerS = optimizerS.clone();
    }

    /** The simulated iteration with the per-stage times of {@code e}. */
    PipelineSimulation.Result simulate(Efficiency e, boolean overlapData) {
        int n = stages.size();
        double[] forward = new double[n];
        double[] backward = new double[n];
        int p = dataS.length;
        double[] backwardCompute = new double[p];
        for (int i = 0; i < n; i++) {
            double s = stages.get(i).seconds(e);
            double f = forwardFraction * s;
            forward[i] = f + fsdp.get(i).forwardExposedS(f);
            backward[i] = s - f + fsdp.get(i).backwardExposedS(s - f);
            backwardCompute[i % p] += s - f;
        }
        // ZeRO stage 2's reduce-scatters of the micro-batches before the last, each behind its stage's backward pass of
        // all its chunks when overlapped, charged with the stage's exchange after the flush.
        double[] data = dataS.clone();
        for (int i = 0; i < p; i++) {
            data[i] += scatters.get(i).exposedS(backwardCompute[i], overlapData);
        }
        return PipelineSimulation.run(new PipelineSimulation.Spec(forward, backward, sendS, data, embeddingS,
                optimizerS, microBatches, overlapData, chunks, overlapP2p));
    }

    @Override
    public boolean tensorLinkMatters() {
        return stages.stream().anyMatch(StageTerms::tensorLinkMatters);
    }

    @Override
    public boolean unfusedSoftmaxMatters() {
        return stages.stream().anyMatch(StageTerms::unfusedSoftmaxMatters);
    }

    @Override
    public double seconds(Efficiency e, boolean overlapData) {
        return simulate(e, overlapData).iterationS() + e.iterationS();
    }
}
