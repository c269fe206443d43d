package io.stepcast.analytic.megatron;

import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.StatedLinkBounds;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.api.zoo.ModelInfo;
import io.stepcast.api.zoo.TransformerShape;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;

/**
 * {@code stepcast plan-llm --model gpt --layers L --hidden H --heads A --seq S --global-batch B --gpus N
 * --hardware SYSTEM [--json]} (or {@code --model llama} with {@code --kv-heads}, {@code --ffn} and {@code --vocab}, or
 * {@code --model NAME} of a zoo transformer such as {@code llama3-8b}): every valid (TP, PP, DP, micro-batch) layout
 * of the model on N GPUs of the
 * catalogued system, ranked by the iteration time {@code megatron-analytic} predicts ({@link LayoutPlanner}),
 * with the peak memory per GPU, the achieved model TFLOP/s per GPU and the MFU; the layouts that fit come first,
 * and when none fits the command fails with what would help ({@link NoFit}). {@code --recompute},
 * {@code --sequence-parallel}, {@code --virtual-stages}, {@code --precision}, {@code --distributed-optimizer},
 * {@code --fsdp} (or {@code --zero-stage N}: DeepSpeed's ZeRO stage 0-3, 1 and 3 as those two, 2 between them),
 * {@code --flash-attention}, {@code --context-parallel} and {@code --eager-kernels} say how every
 * layout runs
 * ({@link PlanOptions}). The efficiency constants are
 * {@link Efficiency#VTRAIN_A100} (fitted on vTrain's A100 table), or refitted on the {@code vtrain} source of
 * {@code --data DIR}. {@code --intra-node-gbps} and {@code --bandwidth} state the link bandwidths of the user's own
 * nodes in place of the catalog's ({@link StatedLinks}).
 */
@Command(name = "plan-llm", mixinStandardHelpOptions = true,
        description = "Rank every tensor/pipeline/data-parallel layout of a GPT or Llama on a cluster by predicted iteration time.")
public final class PlanLlmCommand implements Callable<Integer> {
    /** The GPU of the runs every set of efficiency constants here is fitted on (vTrain's table). */
    private static final String FITTED_DEVICE = "A100";
    /** GPT-2's vocabulary of 50,257 padded to a multiple of 128, as Megatron-LM runs it. */
    private static final int GPT_VOCABULARY = 50304;

    @Spec
    private CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "gpt|llama|NAME", description = "gpt or llama with "
            + "the shape options below, or a zoo transformer by name (e.g. llama3-8b, GPT-2-XL; docs/model-zoo.md)")
    private String model;
    @Option(names = "--layers", paramLabel = "L", description = "transformer layers")
    private Integer layers;
    @Option(names = "--hidden", paramLabel = "H", description = "hidden size")
    private Integer hidden;
    @Option(names = "--heads", paramLabel = "A", description = "attention heads")
    private Integer heads;
    @Option(names = "--kv-heads", paramLabel = "K", description = "key-value heads under grouped-query attention "
            + "(default: the heads)")
    private Integer kvHeads;
    @Option(names = "--ffn", paramLabel = "F", description = "feed-forward inner size (gpt default: 4 x hidden; "
            + "required for llama)")
    private Integer ffn;
    @Option(names = "--seq", paramLabel = "S", description = "sequence length, tokens (a zoo model's own by default)")
    private Integer seq;
    @Option(names = "--vocab", paramLabel = "V",
            description = "vocabulary (gpt default 50304: GPT-2's 50,257 padded to 128 as Megatron-LM does; required "
                    + "for llama)")
    private Integer vocab;
    @Option(names = "--global-batch", required = true, paramLabel = "B", description = "samples per iteration")
    private long globalBatch;
    @Option(names = "--gpus", required = true, paramLabel = "N", description = "GPUs of the cluster")
    private int gpus;
    @Option(names = "--hardware", required = true, paramLabel = "SYSTEM",
            description = "catalogued system (stepcast hardware list), e.g. dgx-a100")
    private String hardware;
    @Option(names = "--intra-node-gbps", paramLabel = "GBPS", description = "ring bandwidth per GPU inside a node, "
            + "Gbit/s (e.g. nccl-tests' bus bandwidth on your nodes), in place of the catalog's")
    private Double intraNodeGbps;
    @Option(names = "--bandwidth", paramLabel = "GBPS", description = "network bandwidth per node, Gbit/s, in place of "
            + "the catalog's NICs")
    private Double bandwidth;
    @Option(names = "--data", paramLabel = "DIR",
            description = "refit the efficiencies on the vtrain source under DIR (laid out like shared/data)")
    private Path data;
    @Option(names = "--overlap-dp", description = "overlap the data-parallel all-reduce with the last backward pass")
    private boolean overlapDp;
    @Option(names = "--recompute", arity = "0..1", fallbackValue = "full", paramLabel = "none|selective|full",
            description = "activation recomputation (Megatron-LM --recompute-granularity); alone: full; default: none")
    private String recompute;
    @Option(names = "--sequence-parallel", description = "Megatron-LM's sequence parallelism (with tensor parallelism)")
    private boolean sequenceParallel;
    @Option(names = "--distributed-optimizer", description = "shard the optimizer state over the data-parallel "
            + "replicas (Megatron-LM --use-distributed-optimizer, ZeRO stage 1)")
    private boolean distributedOptimizer;
    @Option(names = "--fsdp", description = "shard weights, gradients and optimizer state over the data-parallel "
            + "replicas (PyTorch FSDP FULL_SHARD, ZeRO stage 3)")
    private boolean fsdp;
    @Option(names = "--zero-stage", paramLabel = "0-3", description = "DeepSpeed's ZeRO stage (Rajbhandari et al., "
            + "SC'20, section 5): 0 none, 1 the optimizer state sharded (as --distributed-optimizer), 2 the optimizer "
            + "state and gradients, 3 everything (as --fsdp)")
    private Integer zeroStage;
    @Option(names = "--flash-attention", description = "run the attention core as FlashAttention's fused kernel")
    private boolean flashAttention;
    @Option(names = "--context-parallel", defaultValue = "1", paramLabel = "C|auto", description = "context-parallel "
            + "ranks of every layout: each sequence split over C GPUs, keys and values passed around a ring (needs "
            + "--flash-attention; default ${DEFAULT-VALUE}: none); tensor, pipeline and data parallelism share the "
            + "GPUs / C left; auto tries every power of two that divides the GPUs and the sequence into 2C chunks")
    private String contextParallel;
    @Option(names = "--expert-parallel", defaultValue = "1", paramLabel = "E|auto", description = "expert-parallel "
            + "ranks of a mixture-of-experts model: each MoE layer's experts split over E of a stage's tensor x "
            + "context x data ranks, which exchange the routed tokens by all-to-all (Megatron-Core "
            + "--expert-model-parallel-size, expert tensor parallelism 1; default ${DEFAULT-VALUE}); auto tries "
            + "every E dividing those ranks and the experts")
    private String expertParallel;
    @Option(names = "--overlap-expert-comm", description = "overlap each micro-batch's expert all-to-alls with "
            + "another micro-batch's compute (Megatron-Core --overlap-moe-expert-parallel-comm, Megatron-Bridge "
            + "moe_a2a_overlap)")
    private boolean overlapExpertComm;
    @Option(names = "--eager-kernels", description = "cost the element-wise operations as eager PyTorch's separate "
            + "kernels (a model in plain PyTorch without torch.compile, as torchtitan's Llama with its default RMSNorm) "
            + "instead of Megatron-LM's fused ones; column fused_kernels false")
    private boolean eagerKernels;
    @Option(names = "--no-overlap-p2p-comm", description = "the interleaved schedule's steady-state stage-boundary "
            + "sends block instead of overlapping the next pass (Megatron-LM --no-overlap-p2p-communication, or a run "
            + "before the option, 2023); column overlap_p2p_comm false")
    private boolean noOverlapP2pComm;
    @Option(names = "--expert-capacity-factor", paramLabel = "F", description = "plan token-dropping layouts: each "
            + "expert takes at most F x its balanced share of the routed tokens, padded to that capacity, the rest "
            + "dropped (Megatron-Core --moe-expert-capacity-factor with --moe-pad-expert-input-to-capacity; "
            + "Megatron-Bridge's token drop uses 1.0); default: dropless")
    private Double expertCapacityFactor;
    @Option(names = "--virtual-stages", defaultValue = "1", paramLabel = "V", description = "virtual stages of the "
            + "interleaved schedule, for layouts whose pipeline it applies to (layers split into pp x V chunks as "
            + "Megatron-LM splits them: evenly, or with the embedding and the loss counted as layers); the others run "
            + "the plain schedule and say why (default ${DEFAULT-VALUE}: the plain schedule)")
    private int virtualStages;
    @Option(names = "--carry", defaultValue = "none", paramLabel = "none|mamf", description = "carry the A100-fitted "
            + "matmul efficiency to the planned GPU by the ratio of their measured BF16 matmul shares of peak (mamf; "
            + "catalog field achievable_matmul_fraction), or apply it to the datasheet peak as fitted (none)")
    private String carry;

    @Option(names = "--precision", defaultValue = "fp16", paramLabel = "fp32|tf32|fp16|bf16|fp8",
            description = "precision of the matrix multiplications, which picks the catalog's peak (default "
                    + "${DEFAULT-VALUE})")
    private String precision;
    @Option(names = "--top", defaultValue = "0", paramLabel = "K", description = "print the first K of the ranking only, the layouts that fit first (0: all)")
    private int top;
    @Option(names = "--json", description = "print one JSON object instead of a table")
    private boolean json;

    private final Optional<ModelCatalog> zoo;
    private final Optional<HardwareCatalog> catalog;
    private final Optional<ObservationCatalog> observations;

    PlanLlmCommand(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> catalog, Optional<ObservationCatalog> observations) {
        this.zoo = zoo;
        this.catalog = catalog;
        this.observations = observations;
    }

    @Override
    public Integer call() throws Exception {
        TransformerShape shape;
        try {
            shape = shape();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (gpus < 1 || globalBatch < 1) {
            throw new ParameterException(spec.commandLine(), "--gpus and --global-batch must be positive");
        }
        if (top < 0) {
            throw new ParameterException(spec.commandLine(), "--top must be 0 (every layout) or a positive number of "
                    + "layouts, was " + top);
        }
        HardwareCatalog hw = catalog.orElseThrow(() -> new IllegalStateException("plan-llm needs the hardware catalog"));
        Efficiency efficiency = Efficiency.VTRAIN_A100;
        String source = "default constants fitted on vTrain's A100 table (Bang et al., MICRO 2024)";
        if (data != null) {
            ObservationCatalog oc = observations.orElseThrow(() -> new IllegalStateException("--data needs the datasets module"));
            MegatronAnalyticEstimator e = new MegatronAnalyticEstimator(zoo, catalog);
            if (overlapDp) {
                e = (MegatronAnalyticEstimator) e.withHyperParameters(Map.of("overlap-dp", "true"));
            }
            efficiency = ((MegatronPredictor) e.fit(TrainingSet.of("vtrain",
                    oc.observations("vtrain", Optional.of(data))))).efficiency();
            source = "fitted on " + data.resolve("vtrain").resolve("ground_truth_single.csv");
        }
        StatedLinks stated;
        try {
            stated = new StatedLinks(optional(intraNodeGbps), optional(bandwidth));
        } catch (IllegalArgumentException e) {
            // StatedLinks speaks of the configuration columns; here they were options.
            throw new ParameterException(spec.commandLine(), e.getMessage().replace("intra_node_gbps",
                    "--intra-node-gbps").replace("bandwidth_gbps", "--bandwidth"));
        }
        StatedLinkBounds.notes(hw, hardware, stated.intraGbps(), stated.nicGbps(), "--intra-node-gbps", "--bandwidth")
                .forEach(n -> spec.commandLine().getErr().println("note: " + n));
        PlanOptions options;
        boolean searchContext = auto(contextParallel);
        int ranks = countOrAuto(contextParallel, "--context-parallel");
        boolean searchExperts = auto(expertParallel);
        int experts = countOrAuto(expertParallel, "--expert-parallel");
        if ((experts > 1 || searchExperts) && !shape.moe()) {
            throw new ParameterException(spec.commandLine(), "--expert-parallel needs a mixture-of-experts model "
                    + "(qwen3-30b-a3b, qwen3-235b-a22b, gpt-oss-120b, mixtral-8x7b); this one is dense");
        }
        Sharding sharding = sharding();
        if (sharding == Sharding.FULL && shape.moe()) {
            // Refused for every layout by the cost model in the CSV's words (column fsdp); said here in the option's.
            throw new ParameterException(spec.commandLine(), "--fsdp of a mixture-of-experts model is not modelled; "
                    + "--distributed-optimizer is (the experts' optimizer state over the expert-data-parallel ranks)");
        }
        if (overlapExpertComm && !shape.moe()) {
            // A dense model has no all-to-all to overlap: planned as asked, the option would change nothing while
            // the user believes it was taken into account.
            throw new ParameterException(spec.commandLine(), "--overlap-expert-comm needs a mixture-of-experts model "
                    + "(qwen3-30b-a3b, qwen3-235b-a22b, gpt-oss-120b, mixtral-8x7b); this one is dense");
        }
        if (expertCapacityFactor != null && !shape.moe()) {
            throw new ParameterException(spec.commandLine(), "--expert-capacity-factor needs a mixture-of-experts "
                    + "model (qwen3-30b-a3b, qwen3-235b-a22b, gpt-oss-120b, mixtral-8x7b); this one is dense");
        }
        if (virtualStages < 1) {
            // A value out of range is bad input, not a usage error (README, exit codes): worded and exited as sweep does.
            throw new IllegalArgumentException("--virtual-stages: " + virtualStages + " is not at least 1");
        }
        try {
            options = PlanOptions.builder()
                    .recompute(Recompute.parse(recompute == null ? "none" : recompute, "--recompute"))
                    .sequenceParallel(sequenceParallel).virtualStages(virtualStages)
                    .precision(Precision.parse(precision, "--precision")).sharding(sharding)
                    .flashAttention(flashAttention).context(ranks).contextSearch(searchContext).expert(experts)
                    .expertSearch(searchExperts).expertOverlap(overlapExpertComm)
                    .expertCapacityFactor(expertCapacityFactor == null ? OptionalDouble.empty()
                            : OptionalDouble.of(expertCapacityFactor))
                    .fusedKernels(!eagerKernels).overlapP2pComm(!noOverlapP2pComm).build();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (!MatmulCarry.CHOICES.contains(carry)) {
            throw new ParameterException(spec.commandLine(), "--carry must be one of " + MatmulCarry.CHOICES
                    + ", was '" + carry + "'");
        }
        // Both the default constants and a refit on --data are fitted on vTrain's A100 runs.
        MatmulCarry carried = MatmulCarry.vtrain(carry, hw);
        LayoutPlanner planner = LayoutPlanner.of(hw, hardware, efficiency, overlapDp, options, stated, carried);
        Optional<String> carryText = carried.text(planner.device());
        if (carryText.isPresent()) {
            source = source + "; " + carryText.get();
        }
        // The catalog's name of the system the label resolved to (NVIDIA DGX H100 -> dgx-h100): what was planned on.
        String system = hw.system(hardware).map(SystemSpec::name).orElse(hardware);
        String label = system + stated.describe();
        if (gpus % ranks != 0) {
            throw new ParameterException(spec.commandLine(), "--context-parallel " + ranks
                    + " does not divide --gpus " + gpus);
        }
        LayoutPlanner.Planned planned = planner.planned(shape, gpus, globalBatch);
        List<LayoutPlan> plans = planned.layouts();
        if (plans.isEmpty()) {
            // Why the cost model refused the candidates (a system without NICs refuses every multi-node layout); the
            // divisibility rules only when no candidate got that far.
            throw new IllegalArgumentException("no valid layout of " + gpus + " GPUs for global batch " + globalBatch
                    + " on " + system + ": " + planned.refused().mostFrequent().orElse("a layout needs tensor "
                    + "parallelism t dividing a node's GPUs and the " + shape.heads() + " heads, pipeline stages p "
                    + "dividing the GPUs left (at most the " + shape.layers() + " layers), and data parallelism GPUs / "
                    + (ranks > 1 || searchContext ? "(t p c)" : "(t p)") + " dividing the global batch"));
        }
        if (!plans.get(0).fits()) {
            throw new IllegalArgumentException(NoFit.message(plans, gpus, system, planner, shape.moe()));
        }
        List<LayoutPlan> shown = top > 0 && top < plans.size() ? plans.subList(0, top) : plans;
        PrintWriter out = spec.commandLine().getOut();
        PlanReport.Context context = new PlanReport.Context(shape, gpus, globalBatch, efficiency, source, plans.size(),
                planner);
        out.print(json ? PlanReport.json(context, system, stated, shown) : PlanReport.text(context, label, shown));
        out.flush();
        if (overlapDp && sharding == Sharding.FULL) {
            // FSDP's collectives overlap layer by layer in any case (FsdpTerms); the option times the all-reduce only.
            spec.commandLine().getErr().println("note: --overlap-dp has no effect with --fsdp, whose gathers and "
                    + "reduce-scatters overlap the compute layer by layer");
        }
        if (eagerKernels && !EagerKernels.addTraffic(shape)) {
            // Planned as asked, but the header's "eager element-wise kernels" would otherwise suggest a cost it added.
            spec.commandLine().getErr().println("note: --eager-kernels changes no figure for a GPT block: its eager "
                    + "kernels are counted as MosaicML's MPT block runs them (no biases, no dropout, a one-kernel "
                    + "LayerNorm), which move what fused ones do; a Llama block's add traffic");
        }
        String device = planner.device().name();
        if (!device.startsWith(FITTED_DEVICE)) {
            // Both the default constants and a --data refit come from vTrain's A100 runs; say so where they are carried.
            PrintWriter err = spec.commandLine().getErr();
            err.println("note: the efficiency constants come from Megatron-LM runs on " + FITTED_DEVICE + " GPUs; on "
                    + device + " they are carried without a check against its measured runs (the README gives how far off "
                    + "NeMo's H100 runs came out)");
            err.flush();
        }
        return 0;
    }

    /**
     * The model's shape: from the shape options for {@code gpt} and {@code llama}, else the zoo's transformer of that
     * name, at {@code --seq} when given.
     */
    private TransformerShape shape() {
        String family = model.strip().toLowerCase(Locale.ROOT);
        if (family.equals("gpt") || family.equals("llama")) {
            List<String> missing = new ArrayList<>();
            requireOption(layers, "--layers", missing);
            requireOption(hidden, "--hidden", missing);
            requireOption(heads, "--heads", missing);
            requireOption(seq, "--seq", missing);
            if (family.equals("llama")) {
                requireOption(ffn, "--ffn", missing);
                requireOption(vocab, "--vocab", missing);
            }
            if (!missing.isEmpty()) {
                throw new IllegalArgumentException("--model " + family + " needs " + String.join(", ", missing));
            }
            TransformerShape.Style style = family.equals("llama") ? TransformerShape.Style.LLAMA
                    : TransformerShape.Style.GPT;
            return countable(new TransformerShape(layers, hidden, heads, seq, vocab == null ? GPT_VOCABULARY : vocab,
                    ffn == null ? 4 * hidden : ffn, kvHeads == null ? heads : kvHeads, style));
        }
        for (Object[] given : new Object[][] {{layers, "--layers"}, {hidden, "--hidden"}, {heads, "--heads"},
                {kvHeads, "--kv-heads"}, {ffn, "--ffn"}, {vocab, "--vocab"}}) {
            if (given[0] != null) {
                throw new IllegalArgumentException(given[1] + " states the shape of --model gpt or llama; " + model
                        + " has its own (only --seq changes it)");
            }
        }
        ModelCatalog models = zoo.orElseThrow(() -> new IllegalArgumentException("--model " + model
                + " needs the model zoo; use --model gpt or llama with the shape options"));
        Optional<ModelInfo> info = models.find(model);
        if (info.isEmpty()) {
            throw new IllegalArgumentException(models.refusal(model).map(why -> "--model: " + why).orElseGet(() ->
                    "--model: '" + model + "' is neither gpt, llama nor a zoo model " + models.closestThree(model)));
        }
        TransformerShape own = info.get().transformer().orElseThrow(() -> new IllegalArgumentException(
                "--model: " + model + " is not a transformer, so it has no layout to plan"));
        return countable(seq == null ? own : own.atSequence(seq));
    }

    /**
     * The shape, once the zoo accepts its parametric name: a sample whose FLOPs a 64-bit count cannot hold is refused
     * here as in a file or a request (a name beyond the parametric form's digits is not checked).
     */
    private TransformerShape countable(TransformerShape shape) {
        if (shape.moe() || shape.slidingWindow() > 0 || shape.headSize() * shape.heads() != shape.hidden()) {
            // A published model of its own name (docs/model-zoo.md); its FLOPs were counted when the zoo built it.
            return shape;
        }
        zoo.ifPresent(models -> models.find(shape.gptName()));
        return shape;
    }

    /**
     * The sharding the options state: {@code --zero-stage N}'s, which must agree with {@code --fsdp} and
     * {@code --distributed-optimizer} when they are given too, else {@code --fsdp}'s or {@code --distributed-optimizer}'s.
     */
    private Sharding sharding() {
        Sharding flags = fsdp ? Sharding.FULL : distributedOptimizer ? Sharding.OPTIMIZER : Sharding.NONE;
        if (zeroStage == null) {
            return flags;
        }
        Sharding stage;
        try {
            stage = Sharding.ofZeroStage(zeroStage);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--zero-stage must be 0, 1, 2 or 3 (DeepSpeed's ZeRO "
                    + "stage), was " + zeroStage);
        }
        if (fsdp && stage != Sharding.FULL) {
            throw new ParameterException(spec.commandLine(), "--zero-stage " + zeroStage + " contradicts --fsdp (ZeRO "
                    + "stage 3); give one of them");
        }
        if (distributedOptimizer && !stage.splitsOptimizer()) {
            throw new ParameterException(spec.commandLine(), "--zero-stage 0 contradicts --distributed-optimizer (ZeRO "
                    + "stage 1); give one of them");
        }
        return stage;
    }

    private static void requireOption(Integer value, String name, List<String> missing) {
        if (value == null) {
            missing.add(name);
        }
    }

    private static OptionalDouble optional(Double v) {
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /** Whether an option that takes a count or {@code auto} asks for the search. */
    private static boolean auto(String value) {
        return value.strip().equalsIgnoreCase("auto");
    }

    /** The count an option states, 1 for {@code auto} (the search starts there), or a usage error naming it. */
    private int countOrAuto(String value, String option) {
        if (auto(value)) {
            return 1;
        }
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(), option + " must be a positive whole number or auto, was '"
                    + value + "'");
        }
    }
}
