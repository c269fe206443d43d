package io.stepcast.api;

import java.util.Locale;

/**
 * How much of a data-parallel job's model state each of the d replicas keeps (Rajbhandari et al., "ZeRO: Memory
 * Optimizations Toward Training Trillion Parameter Models", SC'20, section 5): DeepSpeed's ZeRO stages 0 to 3, in
 * order, each splitting one more part of the state over the replicas.
 */
public enum Sharding {
    /** Every replica keeps the whole state and all-reduces the gradients (ZeRO stage 0). */
    NONE,
    /**
     * The optimizer state (FP32 master weights, momentum, variance) is split over the d replicas, each updating
     * its 1/d: Megatron-LM's {@code --use-distributed-optimizer}, ZeRO stage 1 (P_os, section 5.1). The gradients are
     * reduce-scattered and the updated weights all-gathered, the all-reduce's bytes.
     */
    OPTIMIZER,
    /**
     * The optimizer state and the gradients are split over the d replicas, each keeping only the reduced gradients of
     * the parameters it updates: ZeRO stage 2 (P_os+g, section 5.2). Its communication is stage 1's, a reduce-scatter
     * of the gradients and an all-gather of the updated weights: the all-reduce's bytes (section 7.2.1).
     */
    GRADIENTS,
    /**
     * Weights, gradients and optimizer state are all split over the d replicas: PyTorch FSDP's {@code FULL_SHARD}
     * (Zhao et al., "PyTorch FSDP", VLDB 2023, section 3.2), ZeRO stage 3 (section 5.3). Each layer's weights are
     * all-gathered before its forward and again before its backward pass, and its gradients reduce-scattered,
     * every micro-batch: 1.5 times the all-reduce's bytes, overlapped layer by layer with the compute.
     */
    FULL;

    /** The lower-case name. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** DeepSpeed's ZeRO stage of this sharding ({@code zero_optimization.stage}): 0 to 3. */
    public int zeroStage() {
        return ordinal();
    }

    /**
     * The sharding of DeepSpeed's ZeRO stage {@code stage}.
     *
     * @throws InvalidField (field {@code zero_stage}) when the stage is not 0, 1, 2 or 3
     */
    public static Sharding ofZeroStage(int stage) {
        Sharding[] all = values();
        if (stage < 0 || stage >= all.length) {
            throw new InvalidField("zero_stage", "must be 0, 1, 2 or 3 (DeepSpeed's ZeRO stage), was " + stage);
        }
        return all[stage];
    }

    /** Whether the optimizer state is split over the replicas (stages 1 to 3). */
    public boolean splitsOptimizer() {
        return this != NONE;
    }

    /** Whether the gradients kept between the backward pass and the step are split over the replicas (stages 2, 3). */
    public boolean splitsGradients() {
        return this == GRADIENTS || this == FULL;
    }

    /** Whether the weights are split over the replicas and gathered for each layer's use (stage 3). */
    public boolean splitsWeights() {
        return this == FULL;
    }
}
