package io.stepcast.app.sweep;

import io.stepcast.api.InvalidField;
import io.stepcast.api.Recompute;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The Megatron-LM layout axes of a sweep (Narayanan et al., SC'21, section 2, for p x t x d = n and the
 * micro-batches; the generic CSV's layout columns, {@code docs/data-model.md}), with the option each is given by,
 * which {@code plan-llm} spells alike. Each list is an axis (empty: the column is not stated); the six switches are
 * flags, as in {@code plan-llm}, so every point of a sweep runs with or without each. A switch stated off (by its
 * negated flag or the grid file's {@code false}) is written as its column stated false, as a file's row states it, so
 * that a refusal naming it says so rather than calling it not stated. The global batch and the sequence
 * length are axes too: the global batch replaces the per-worker {@code batch}, the sequence length names the zoo's
 * variant of the model (as the CSV's {@code sequence_length} does); neither needs a predictor that reads layouts.
 *
 * @param tensorParallel       {@code --tensor-parallel}: tensor-parallel ranks t
 * @param pipelineParallel     {@code --pipeline-parallel}: pipeline stages p
 * @param contextParallel      {@code --context-parallel}: context-parallel ranks c
 * @param expertParallel       {@code --expert-parallel}: expert-parallel ranks e of a mixture-of-experts model
 * @param microBatch           {@code --micro-batch}: samples per micro-batch
 * @param globalBatch          {@code --global-batch}: samples per iteration over all replicas
 * @param sequenceLength       {@code --sequence-length}: tokens per sample
 * @param recompute            {@code --recompute}: none, selective or full
 * @param virtualStages        {@code --virtual-stages}: model chunks per pipeline rank (interleaved 1F1B)
 * @param sequenceParallel     {@code --sequence-parallel}
 * @param distributedOptimizer {@code --distributed-optimizer}
 * @param fsdp                 {@code --fsdp}
 * @param flashAttention       {@code --flash-attention}
 * @param overlapExpertComm    {@code --overlap-expert-comm} (the CSV's {@code expert_overlap})
 * @param expertCapacityFactor {@code --expert-capacity-factor}: a token-dropping run's capacity factor F of a
 *                             mixture-of-experts model (empty axis: dropless)
 * @param zeroStage            {@code --zero-stage}: DeepSpeed's ZeRO stages 0-3 (empty axis: as the two switches
 *                             above say)
 * @param fusedKernels         false with {@code --eager-kernels} (the CSV's {@code fused_kernels}): eager PyTorch's
 *                             separate element-wise kernels instead of fused ones
 * @param overlapP2pComm       false with {@code --no-overlap-p2p-comm} (the CSV's {@code overlap_p2p_comm}): the
 *                             interleaved schedule's steady-state sends block; true, unstated, is Megatron-LM's
 *                             default (on exactly at interleaved points), stated ({@code --overlap-p2p-comm}) a point
 *                             of the plain schedule is refused
 * @param statedSwitches       the switches' columns the command line or the grid file states, on or off
 *                             ({@link #SWITCHES}); a switch at its default and not stated is left unstated
 */
public record SweepLayout(List<Integer> tensorParallel, List<Integer> pipelineParallel, List<Integer> contextParallel,
                          List<Integer> expertParallel, List<Integer> microBatch, List<Long> globalBatch,
                          List<Integer> sequenceLength, List<String> recompute, List<Integer> virtualStages,
                          boolean sequenceParallel, boolean distributedOptimizer, boolean fsdp,
                          boolean flashAttention, boolean overlapExpertComm, List<Double> expertCapacityFactor,
                          List<Integer> zeroStage, boolean fusedKernels, boolean overlapP2pComm,
                          Set<String> statedSwitches)
        implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The generic CSV's columns of the switches, in the record's order. */
    public static final List<String> SWITCHES = List.of("sequence_parallel", "distributed_optimizer", "fsdp",
            "flash_attention", "expert_overlap", "fused_kernels", "overlap_p2p_comm");

    /** No layout axis: a data-parallel sweep. */
    public static final SweepLayout NONE = new SweepLayout(List.of(), List.of(), List.of(), List.of(), List.of(),
            List.of(), List.of(), List.of(), List.of(), false, false, false, false, false, List.of(), List.of());

    /** Layout axes with Megatron-LM's default point-to-point overlap. */
    public SweepLayout(List<Integer> tensorParallel, List<Integer> pipelineParallel, List<Integer> contextParallel,
                       List<Integer> expertParallel, List<Integer> microBatch, List<Long> globalBatch,
                       List<Integer> sequenceLength, List<String> recompute, List<Integer> virtualStages,
                       boolean sequenceParallel, boolean distributedOptimizer, boolean fsdp,
                       boolean flashAttention, boolean overlapExpertComm, List<Double> expertCapacityFactor,
                       List<Integer> zeroStage, boolean fusedKernels, Set<String> statedSwitches) {
        this(tensorParallel, pipelineParallel, contextParallel, expertParallel, microBatch, globalBatch,
                sequenceLength, recompute, virtualStages, sequenceParallel, distributedOptimizer, fsdp, flashAttention,
                overlapExpertComm, expertCapacityFactor, zeroStage, fusedKernels, true, statedSwitches);
    }

    /** Layout axes with fused kernels and no switch stated beyond those on. */
    public SweepLayout(List<Integer> tensorParallel, List<Integer> pipelineParallel, List<Integer> contextParallel,
                       List<Integer> expertParallel, List<Integer> microBatch, List<Long> globalBatch,
                       List<Integer> sequenceLength, List<String> recompute, List<Integer> virtualStages,
                       boolean sequenceParallel, boolean distributedOptimizer, boolean fsdp,
                       boolean flashAttention, boolean overlapExpertComm, List<Double> expertCapacityFactor,
                       List<Integer> zeroStage) {
        this(tensorParallel, pipelineParallel, contextParallel, expertParallel, microBatch, globalBatch,
                sequenceLength, recompute, virtualStages, sequenceParallel, distributedOptimizer, fsdp, flashAttention,
                overlapExpertComm, expertCapacityFactor, zeroStage, true, Set.of());
    }

    /** Layout axes without {@code --zero-stage}. */
    public SweepLayout(List<Integer> tensorParallel, List<Integer> pipelineParallel, List<Integer> contextParallel,
                       List<Integer> expertParallel, List<Integer> microBatch, List<Long> globalBatch,
                       List<Integer> sequenceLength, List<String> recompute, List<Integer> virtualStages,
                       boolean sequenceParallel, boolean distributedOptimizer, boolean fsdp,
                       boolean flashAttention, boolean overlapExpertComm, List<Double> expertCapacityFactor) {
        this(tensorParallel, pipelineParallel, contextParallel, expertParallel, microBatch, globalBatch,
                sequenceLength, recompute, virtualStages, sequenceParallel, distributedOptimizer, fsdp, flashAttention,
                overlapExpertComm, expertCapacityFactor, List.of());
    }

    /** Dropless layout axes (no {@code --expert-capacity-factor}). */
    public SweepLayout(List<Integer> tensorParallel, List<Integer> pipelineParallel, List<Integer> contextParallel,
                       List<Integer> expertParallel, List<Integer> microBatch, List<Long> globalBatch,
                       List<Integer> sequenceLength, List<String> recompute, List<Integer> virtualStages,
                       boolean sequenceParallel, boolean distributedOptimizer, boolean fsdp,
                       boolean flashAttention, boolean overlapExpertComm) {
        this(tensorParallel, pipelineParallel, contextParallel, expertParallel, microBatch, globalBatch,
                sequenceLength, recompute, virtualStages, sequenceParallel, distributedOptimizer, fsdp, flashAttention,
                overlapExpertComm, List.of(), List.of());
    }

    public SweepLayout {
        tensorParallel = List.copyOf(tensorParallel);
        pipelineParallel = List.copyOf(pipelineParallel);
        contextParallel = List.copyOf(contextParallel);
        expertParallel = List.copyOf(expertParallel);
        microBatch = List.copyOf(microBatch);
        globalBatch = List.copyOf(globalBatch);
        sequenceLength = List.copyOf(sequenceLength);
        recompute = List.copyOf(recompute);
        virtualStages = List.copyOf(virtualStages);
        expertCapacityFactor = List.copyOf(expertCapacityFactor);
        zeroStage = List.copyOf(zeroStage);
        statedSwitches = Set.copyOf(statedSwitches);
        for (String s : statedSwitches) {
            if (!SWITCHES.contains(s)) {
                throw new IllegalArgumentException("no switch '" + s + "' (known: " + String.join(", ", SWITCHES) + ")");
            }
        }
        positive("tensor_parallel", tensorParallel);
        positive("pipeline_parallel", pipelineParallel);
        positive("context_parallel", contextParallel);
        positive("expert_parallel", expertParallel);
        positive("micro_batch", microBatch);
        positive("sequence_length", sequenceLength);
        positive("virtual_stages", virtualStages);
        for (long b : globalBatch) {
            if (b < 1) {
                throw new InvalidField("global_batch", ": " + b + " is not at least 1");
            }
        }
        recompute.forEach(r -> Recompute.parse(r, "recompute"));
        for (int z : zeroStage) {
            if (z < 0 || z > 3) {
                throw new InvalidField("zero_stage", ": " + z + " is not 0, 1, 2 or 3 (DeepSpeed's ZeRO stage)");
            }
        }
        for (double f : expertCapacityFactor) {
            if (!(f > 0) || !Double.isFinite(f)) {
                throw new InvalidField("expert_capacity_factor", ": " + f + " is not a positive number");
            }
        }
    }

    /**
     * The options given that only a predictor reading layouts answers differently
     * ({@link io.stepcast.api.Estimator#readsParallelLayout}), in the order of the record; empty when none is.
     */
    public List<String> layoutOptions() {
        List<String> out = new ArrayList<>();
        add(out, "--tensor-parallel", !tensorParallel.isEmpty());
        add(out, "--pipeline-parallel", !pipelineParallel.isEmpty());
        add(out, "--context-parallel", !contextParallel.isEmpty());
        add(out, "--expert-parallel", !expertParallel.isEmpty());
        add(out, "--micro-batch", !microBatch.isEmpty());
        add(out, "--recompute", !recompute.isEmpty());
        add(out, "--virtual-stages", !virtualStages.isEmpty());
        add(out, "--sequence-parallel", sequenceParallel);
        add(out, "--distributed-optimizer", distributedOptimizer);
        add(out, "--fsdp", fsdp);
        add(out, "--flash-attention", flashAttention);
        add(out, "--overlap-expert-comm", overlapExpertComm);
        add(out, "--expert-capacity-factor", !expertCapacityFactor.isEmpty());
        add(out, "--zero-stage", !zeroStage.isEmpty());
        add(out, "--eager-kernels", !fusedKernels);
        add(out, "--no-overlap-p2p-comm", !overlapP2pComm);
        add(out, "--overlap-p2p-comm", overlapP2pComm && statedSwitches.contains("overlap_p2p_comm"));
        return out;
    }

    /** Whether any axis or switch is given, the global batch and sequence length included. */
    public boolean stated() {
        return !layoutOptions().isEmpty() || !globalBatch.isEmpty() || !sequenceLength.isEmpty();
    }

    /** Every combination of the axes, the first axis outermost; an empty axis is one unstated value. */
    List<SweepLayoutPoint> points() {
        List<SweepLayoutPoint> out = new ArrayList<>();
        for (Optional<Long> gb : orUnstated(globalBatch)) {
            for (Optional<Integer> t : orUnstated(tensorParallel)) {
                for (Optional<Integer> p : orUnstated(pipelineParallel)) {
                    for (Optional<Integer> c : orUnstated(contextParallel)) {
                        for (Optional<Integer> e : orUnstated(expertParallel)) {
                            for (Optional<Double> f : orUnstated(expertCapacityFactor)) {
                                addPoints(out, gb, t, p, c, e, f);
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The points of one global batch, parallelism and capacity factor, over the remaining axes. */
    private void addPoints(List<SweepLayoutPoint> out, Optional<Long> gb, Optional<Integer> t, Optional<Integer> p,
                           Optional<Integer> c, Optional<Integer> e, Optional<Double> f) {
        for (Optional<Integer> b : orUnstated(microBatch)) {
            for (Optional<Integer> v : orUnstated(virtualStages)) {
                for (Optional<String> r : orUnstated(recompute)) {
                    for (Optional<Integer> s : orUnstated(sequenceLength)) {
                        for (Optional<Integer> z : orUnstated(zeroStage)) {
                            out.add(new SweepLayoutPoint(t, p, c, e, b, gb, s, r, v, sequenceParallel,
                                    distributedOptimizer, fsdp, flashAttention, overlapExpertComm, f, z,
                                    fusedKernels, overlapP2pComm, statedSwitches));
                        }
                    }
                }
            }
        }
    }

    private static void add(List<String> out, String option, boolean given) {
        if (given) {
            out.add(option);
        }
    }

    private static <T> List<Optional<T>> orUnstated(List<T> axis) {
        return axis.isEmpty() ? List.of(Optional.empty()) : axis.stream().map(Optional::of).toList();
    }

    private static void positive(String field, List<Integer> values) {
        for (int v : values) {
            if (v < 1) {
                throw new InvalidField(field, ": " + v + " is not at least 1");
            }
        }
    }
}
