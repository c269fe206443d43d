package io.stepcast.analytic.megatron;

/**
 * How many of a model's L transformer layers each of its p pipeline stages holds. L / p each when p divides L (the
 * only case Megatron-LM accepts without stating the first and last stages' layers); otherwise L mod p stages hold
 * one layer more, and those are the middle stages first, then the last, then the first: the first stage already
 * holds the embedding and the most micro-batches in flight, the last the output layer. This is the partition
 * Megatron-DeepSpeed's {@code type:transformer|embedding} balancing gives when it counts each embedding as a layer
 * (BLOOM 176B: 70 layers over 12 stages as 5 | 6 x 10 | 5, BigScience, {@code train/tr11-176B-ml/README.md}).
 */
final class StagePartition {
    private StagePartition() {
    }

    /**
     * The layers of stage {@code stage} (0 to p - 1).
     *
     * @throws IllegalArgumentException when p exceeds L or the stage is out of range
     */
    static int layers(int totalLayers, int stages, int stage) {
        if (stages < 1 || stages > totalLayers || stage < 0 || stage >= stages) {
            throw new IllegalArgumentException("stage " + stage + " of " + stages + " over " + totalLayers + " layers");
        }
        int base = totalLayers / stages;
        int extra = totalLayers % stages;
        return base + (extraRank(stages, stage) < extra ? 1 : 0);
    }

    /** The most layers a stage holds: ceil(L / p). */
    static int most(int totalLayers, int stages) {
        return (totalLayers + stages - 1) / stages;
    }

    /** The order in which stages receive an extra layer: 1 .. p - 2, then p - 1, then 0. */
    private static int extraRank(int stages, int stage) {
        if (stages == 1) {
            return 0;
        }
        if (stage == 0) {
            return stages - 1;
        }
        return stage == stages - 1 ? stages - 2 : stage - 1;
    }
}
