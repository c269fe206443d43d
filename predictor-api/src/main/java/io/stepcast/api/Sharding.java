package io.stepcast.api;

import java.util.Locale;

/**
 * How much of a data-parallel job's model state each of the d replicas keeps (Rajbhandari et al., "ZeRO: Memory
 * Optimizations Toward Training Trillion Parameter Models", SC'20, section 5).
 */
public enum Sharding {
    /** Every replica keeps the whole state and all-reduces the gradients. */
    NONE,
    /**
     * The optimizer state (FP32 master weights, momentum, variance) is split over the d replicas, each updating
     * its 1/d: Megatron-LM's {@code --use-distributed-optimizer}, ZeRO stage 1 (section 5.1). The gradients are
     * reduce-scattered and the updated weights all-gathered, the all-reduce's bytes.
     */
    OPTIMIZER,
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
}
