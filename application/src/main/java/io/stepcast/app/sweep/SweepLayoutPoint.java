package io.stepcast.app.sweep;

import io.stepcast.api.FieldNames;
import io.stepcast.api.InvalidField;
import io.stepcast.api.Prediction;
import io.stepcast.datasets.io.DataFormatException;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One combination of a sweep's layout axes ({@link SweepLayout}): each value as asked, empty where its axis is not
 * given, and the switches. {@link #cells()} writes it as the generic CSV's layout columns, which
 * {@link io.stepcast.datasets.importers.GenericCsvImporter#config} reads as it reads a user's row.
 *
 * @param tensorParallel       tensor-parallel ranks
 * @param pipelineParallel     pipeline stages
 * @param contextParallel      context-parallel ranks
 * @param expertParallel       expert-parallel ranks
 * @param microBatch           samples per micro-batch
 * @param globalBatch          samples per iteration
 * @param sequenceLength       tokens per sample
 * @param recompute            recomputation as spelled on the command line
 * @param virtualStages        virtual stages per pipeline rank
 * @param sequenceParallel     sequence parallelism
 * @param distributedOptimizer the optimizer state sharded over the replicas
 * @param fsdp                 weights, gradients and optimizer state sharded over the replicas
 * @param flashAttention       the fused attention kernel
 * @param expertOverlap        the expert all-to-alls overlapped with another micro-batch's compute
 * @param expertCapacityFactor the experts' capacity factor of a token-dropping run; empty: dropless
 * @param zeroStage            DeepSpeed's ZeRO stage (the generic CSV's {@code zero_stage}); empty: as the switches say
 * @param fusedKernels         fused element-wise kernels (true) or eager PyTorch's separate ones
 * @param overlapP2pComm       false: the interleaved schedule's steady-state sends block; true: Megatron-LM's
 *                             default unless stated ({@link SweepLayout#overlapP2pComm})
 * @param statedSwitches       the switches' columns stated on or off ({@link SweepLayout#statedSwitches})
 */
public record SweepLayoutPoint(Optional<Integer> tensorParallel, Optional<Integer> pipelineParallel,
                               Optional<Integer> contextParallel, Optional<Integer> expertParallel,
                               Optional<Integer> microBatch, Optional<Long> globalBatch,
                               Optional<Integer> sequenceLength, Optional<String> recompute,
                               Optional<Integer> virtualStages, boolean sequenceParallel,
                               boolean distributedOptimizer, boolean fsdp, boolean flashAttention,
                               boolean expertOverlap, Optional<Double> expertCapacityFactor,
                               Optional<Integer> zeroStage, boolean fusedKernels, boolean overlapP2pComm,
                               Set<String> statedSwitches) {

    public SweepLayoutPoint {
        statedSwitches = Set.copyOf(statedSwitches);
    }

    /** The option of each generic CSV column a sweep gives (the option is the column with dashes, but for two). */
    static final Map<String, String> OPTIONS = options();
    /** How a sweep's refusals name the generic CSV's columns: by the options that give them ({@link #inOptions}). */
    private static final FieldNames OPTION_NAMES = new FieldNames() {
        @Override
        public String name(String column) {
            return column.equals("architecture") ? "--mode" : OPTIONS.getOrDefault(column, "column '" + column + "'");
        }

        @Override
        public String mention(String column) {
            return OPTIONS.getOrDefault(column, column);
        }

        @Override
        public String switchOn(String column) {
            if (column.equals("fused_kernels")) {
                return "leave out --eager-kernels";
            }
            return OPTIONS.containsKey(column) ? "give " + OPTIONS.get(column) : FieldNames.super.switchOn(column);
        }

        @Override
        public String keepOn(String column) {
            if (column.equals("fused_kernels")) {
                return "leave --eager-kernels off";
            }
            // "On" whether the negated flag (--no-fsdp) or the grid file's false turned it off.
            return OPTIONS.containsKey(column) ? "leave " + OPTIONS.get(column) + " on" : FieldNames.super.keepOn(column);
        }
    };

    /** The same point at another global batch. */
    SweepLayoutPoint withGlobalBatch(long samples) {
        return new SweepLayoutPoint(tensorParallel, pipelineParallel, contextParallel, expertParallel, microBatch,
                Optional.of(samples), sequenceLength, recompute, virtualStages, sequenceParallel, distributedOptimizer,
                fsdp, flashAttention, expertOverlap, expertCapacityFactor, zeroStage, fusedKernels, overlapP2pComm,
                statedSwitches);
    }

    /**
     * Whether the point states a layout beyond its batch and sequence length: a parallelism, micro-batch, virtual
     * stages, recomputation or a switch on (eager kernels for {@code fused_kernels}). Only then do the switches'
     * columns say true or false.
     */
    public boolean layoutStated() {
        return tensorParallel.isPresent() || pipelineParallel.isPresent() || contextParallel.isPresent()
                || expertParallel.isPresent() || microBatch.isPresent() || recompute.isPresent()
                || virtualStages.isPresent() || sequenceParallel || distributedOptimizer || fsdp || flashAttention
                || expertOverlap || expertCapacityFactor.isPresent() || zeroStage.isPresent() || !fusedKernels
                || !overlapP2pComm;
    }

    /** GPUs of one data-parallel replica: tensor x context x pipeline (1 for each axis not given). */
    public int replicaGpus() {
        return tensorParallel.orElse(1) * contextParallel.orElse(1) * pipelineParallel.orElse(1);
    }

    /**
     * The stated columns and their cells, in the generic CSV's spelling; an unstated axis has no column. A switch is
     * written where it differs from its column's default or, at a point that states a layout, where it was stated
     * (so that {@code --no-flash-attention} is the column stated false, not a blank one).
     */
    Map<String, String> cells() {
        Map<String, String> c = new LinkedHashMap<>();
        tensorParallel.ifPresent(v -> c.put("tensor_parallel", v.toString()));
        pipelineParallel.ifPresent(v -> c.put("pipeline_parallel", v.toString()));
        contextParallel.ifPresent(v -> c.put("context_parallel", v.toString()));
        expertParallel.ifPresent(v -> c.put("expert_parallel", v.toString()));
        microBatch.ifPresent(v -> c.put("micro_batch", v.toString()));
        globalBatch.ifPresent(v -> c.put("global_batch", v.toString()));
        sequenceLength.ifPresent(v -> c.put("sequence_length", v.toString()));
        recompute.ifPresent(v -> c.put("recompute", v));
        virtualStages.ifPresent(v -> c.put("virtual_stages", v.toString()));
        // A switch at its default and not stated is left out, as a blank CSV cell. Without a layout a stated default is
        // left out too: the column alone would make the row a model-parallel job.
        boolean layout = layoutStated();
        flag(c, "sequence_parallel", sequenceParallel, false, layout);
        flag(c, "distributed_optimizer", distributedOptimizer, false, layout);
        flag(c, "fsdp", fsdp, false, layout);
        flag(c, "flash_attention", flashAttention, false, layout);
        flag(c, "expert_overlap", expertOverlap, false, layout);
        expertCapacityFactor.ifPresent(v -> c.put("expert_capacity_factor", v.toString()));
        zeroStage.ifPresent(v -> c.put("zero_stage", v.toString()));
        flag(c, "fused_kernels", fusedKernels, true, layout);
        // Unstated, the column stays blank: Megatron-LM's default, which follows each point's schedule.
        flag(c, "overlap_p2p_comm", overlapP2pComm, true, layout);
        return c;
    }

    /**
     * A reader's refusal of the point's row in the sweep's words: the refused column, and the columns its reason
     * mentions, named as the options that give them ({@code column 'micro_batch'} and {@code micro_batch} become
     * {@code --micro-batch}, {@code column 'architecture'} {@code --mode}); a switch the reader asks to set true is
     * asked for as the flag it is. A refusal of another field, or of none, is the reader's message.
     */
    static String inOptions(Exception e) {
        if (e instanceof DataFormatException d) {
            return d.field().map(f -> f.named(OPTION_NAMES)).orElse(d.problem());
        }
        if (e instanceof InvalidField f && (OPTIONS.containsKey(f.field()) || f.field().equals("architecture"))) {
            return f.named(OPTION_NAMES);
        }
        return e.getMessage();
    }

    /**
     * A predictor's refusal of a point in the sweep's words: a refused layout field ({@link Prediction#notApplicable(
     * InvalidField)}) named as {@link #inOptions(Exception)} names a reader's, any other refusal as the predictor
     * gives it.
     */
    static String inOptions(Prediction.NotApplicable refusal) {
        return refusal.field().map(SweepLayoutPoint::inOptions).orElse(refusal.reason());
    }

    private void flag(Map<String, String> c, String column, boolean value, boolean byDefault, boolean layout) {
        if (value != byDefault || layout && statedSwitches.contains(column)) {
            c.put(column, Boolean.toString(value));
        }
    }

    private static Map<String, String> options() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String column : new String[] {"tensor_parallel", "pipeline_parallel", "context_parallel",
            "expert_parallel", "micro_batch", "global_batch", "sequence_length", "recompute", "virtual_stages",
            "sequence_parallel", "distributed_optimizer", "fsdp", "flash_attention", "expert_capacity_factor",
            "zero_stage", "overlap_p2p_comm"}) {
            m.put(column, "--" + column.replace('_', '-'));
        }
        m.put("expert_overlap", "--overlap-expert-comm");
        // The one switch whose flag says false: --eager-kernels states fused_kernels false.
        m.put("fused_kernels", "--eager-kernels");
        return Map.copyOf(m);
    }
}
