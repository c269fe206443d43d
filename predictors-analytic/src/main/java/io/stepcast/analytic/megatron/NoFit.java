package io.stepcast.analytic.megatron;

import io.stepcast.api.Gibibytes;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The one-line refusal of {@code plan-llm} when no layout fits the device memory: the layout that needs the least
 * memory, and what would help (more recomputation, sequence parallelism, context parallelism, the distributed
 * optimizer, more GPUs, a GPU
 * with more memory); where the model state alone overflows the GPU, only the distributed optimizer, more GPUs (at
 * least as many as that state's split needs) or more memory.
 */
final class NoFit {
    private static final double GIB = Gibibytes.BYTES;

    private NoFit() {
    }

    /**
     * The message for {@code plans}, none of which fits; {@code moe} for a mixture-of-experts model, whose FSDP is
     * refused (so never suggested) and whose experts expert parallelism splits.
     */
    static String message(List<LayoutPlan> plans, int gpus, String hardware, LayoutPlanner planner, boolean moe) {
        LayoutPlan least = plans.stream().min(Comparator.comparingDouble(LayoutPlan::memoryBytes)).orElseThrow();
        ParallelLayout l = least.layout();
        PlanOptions o = planner.options();
        List<String> help = new ArrayList<>();
        double capacity = planner.memoryCapacityBytes();
        // Recomputation, sequence parallelism and FlashAttention shrink activations only: where the model state alone
        // overflows, only sharding it, more GPUs (a finer tensor and pipeline split) or more memory help.
        boolean stateAlone = least.stateBytes() > capacity;
        if (!stateAlone && o.recompute() != Recompute.FULL) {
            help.add(o.recompute() == Recompute.NONE ? "--recompute selective or full" : "--recompute full");
        }
        if (!stateAlone && !o.sequenceParallel()) {
            help.add("--sequence-parallel");
        }
        // The sharded state is split over the data-parallel replicas and, with context parallelism, its ranks too.
        int shards = l.gradientGroup();
        String over = shards + (l.context() > 1 ? " data- and context-parallel ranks" : " data-parallel replicas");
        if (!o.distributedOptimizer() && shards > 1) {
            help.add("--distributed-optimizer (the optimizer state over the " + over + ")"
                    + (moe ? "" : " or --fsdp (the weights and gradients too)"));
        } else if (o.sharding() == Sharding.OPTIMIZER && shards > 1 && !moe) {
            help.add("--zero-stage 2 (the gradients over the " + over + " too) or --fsdp (the weights and gradients "
                    + "too)");
        } else if (o.sharding() == Sharding.GRADIENTS && shards > 1 && !moe) {
            help.add("--fsdp (the weights over the " + over + " too)");
        }
        if (!stateAlone && !o.flashAttention() && o.recompute() == Recompute.NONE) {
            help.add("--flash-attention (no stored attention scores)");
        }
        if (!stateAlone && o.flashAttention() && !o.contextSearch() && l.data() > 1) {
            // Context parallelism splits every activation over its ranks; it takes the GPUs of data parallelism.
            help.add("--context-parallel " + 2 * o.context() + " (each sequence's activations over more GPUs)");
        }
        if (moe && !o.expertSearch() && o.expert() == 1) {
            // The experts hold most of a MoE model's state; expert parallelism splits them over the stage's ranks.
            help.add("--expert-parallel auto (the experts' weights, gradients and optimizer state over the "
                    + "expert-parallel ranks)");
        }
        if (stateAlone && moe) {
            // Expert tensor parallelism is 1: every tensor-parallel rank holds its stage's experts' weights whole, so
            // the per-GPU state times t x p counts them t times, and no tensor x pipeline split is "enough" by that
            // count. Only their optimizer state is spread, by the distributed optimizer, over t x c x d / e ranks.
            help.add("more GPUs: pipeline stages and expert parallelism split the experts' weights and gradients, "
                    + "tensor parallelism does not (expert tensor parallelism 1; the distributed optimizer spreads "
                    + "their optimizer state over the t x c x d / e expert-data-parallel ranks)");
        } else if (stateAlone) {
            // The state in all: the smallest layout's per GPU with each part its ZeRO stage splits over the replicas
            // made whole again (StateBytes.split, as the memory estimate splits it), over its model-parallel GPUs. No
            // fewer GPUs hold it under any stage: d replicas of stage 1 or 2 keep d copies of the parts they leave
            // whole, so d x (W + S / d) >= W + S.
            StateBytes bytes = StateBytes.of(l);
            double whole = bytes.total() / bytes.split(l.sharding(), l.gradientGroup()).total();
            double state = least.stateBytes() * whole * l.modelParallel();
            help.add(String.format(Locale.ROOT, "more GPUs: the weights, gradients and optimizer state are %s GiB in "
                    + "all, so tensor x pipeline parallelism over at least %d GPUs", fmt(state / GIB),
                    (long) Math.ceil(state / capacity)));
        } else {
            help.add("more GPUs than " + gpus);
        }
        help.add("a GPU with more than " + fmt(capacity / GIB) + " GiB");
        return String.format(Locale.ROOT, "no layout of %d GPUs fits the %s GiB of a %s GPU (%s): the smallest, "
                        + "tp %d%s pp %d dp %d micro-batch %d, needs %s GiB per GPU (%s GiB state, %s GiB "
                        + "activations); try %s",
                gpus, fmt(planner.memoryCapacityBytes() / GIB), planner.device().name(), hardware, l.tensor(),
                (l.context() > 1 ? " cp " + l.context() : "") + (l.expert() > 1 ? " ep " + l.expert() : ""),
                l.pipeline(), l.data(), l.microBatch(), fmt(least.memoryBytes() / GIB), fmt(least.stateBytes() / GIB),
                fmt(least.activationBytes() / GIB), String.join(", ", help));
    }

    private static String fmt(double gb) {
        return String.format(Locale.ROOT, "%.1f", gb);
    }
}
