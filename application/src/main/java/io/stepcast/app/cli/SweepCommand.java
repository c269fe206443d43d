package io.stepcast.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.stepcast.api.InvalidField;
import io.stepcast.api.Target;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.StatedLinkBounds;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.WritesTo;
import io.stepcast.app.sweep.SweepChart;
import io.stepcast.app.sweep.SweepGrid;
import io.stepcast.app.sweep.SweepLayout;
import io.stepcast.app.sweep.SweepParquet;
import io.stepcast.app.sweep.SweepPoint;
import io.stepcast.app.sweep.SweepRow;
import io.stepcast.app.sweep.SweepSpec;
import io.stepcast.app.sweep.SweepTasks;
import io.stepcast.evaluation.suite.ParseErrors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code stepcast sweep}: a what-if grid (models x cluster size x GPUs per node x hardware x precision x bandwidth x
 * intra-node bandwidth x policy x mode x batch, from flags or a YAML file) through any registered predictor, the
 * simulation by default, on the in-process pool or on Spark ({@code --engine}); writes {@code sweep.parquet} (one row
 * per point, the spread over seeds) and {@code scaling.png}, and prints the points on stdout: a table, or JSON with
 * {@code --json}. A sweep no point of which is answered exits 1 and writes nothing, neither files nor stdout.
 * Progress lines go to stderr.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What-if sweep: every combination of the axes predicted by a registered predictor (default: the "
                + "simulation), fitted once per seed on a catalog source or your own file (--train); prints "
                + "one row per point (mean, sd, min, max over the seeds; with a predictor that estimates memory, the "
                + "peak memory per GPU, column peak_memory_gib, blank where it gives none) and writes sweep.parquet and "
                + "scaling.png.",
            "Axes from flags or --grid FILE.yaml (keys: predictor, hyper_parameters, train, data, target, seeds, models, "
                + "workers | nodes, gpus_per_node, hardware, precision, bandwidth, intra_node_gbps, policy, mode, "
                + "batch | global_batch, sequence_length, and the layout's tensor_parallel, pipeline_parallel, "
                + "context_parallel, expert_parallel, micro_batch, virtual_stages, recompute and the switches "
                + "sequence_parallel, distributed_optimizer, fsdp, flash_attention, expert_overlap, fused_kernels, "
                + "overlap_p2p_comm: true or false, and expert_capacity_factor and zero_stage); a flag overrides the file."})
public final class SweepCommand extends RegistryCommand {
    /** How many distinct reasons for points not applicable the console lists. */
    private static final int REASONS_SHOWN = 5;
    private static final Set<String> KEYS = Set.of("predictor", "hyper_parameters", "train", "data", "target", "seeds",
            "models", "workers", "nodes", "gpus_per_node", "hardware", "precision", "bandwidth", "intra_node_gbps",
            "policy", "mode", "batch", "tensor_parallel", "pipeline_parallel", "context_parallel", "expert_parallel",
            "micro_batch", "global_batch", "sequence_length", "recompute", "virtual_stages", "sequence_parallel",
            "distributed_optimizer", "fsdp", "flash_attention", "expert_overlap", "expert_capacity_factor", "zero_stage",
            "fused_kernels", "overlap_p2p_comm");

    @Option(names = "--grid", paramLabel = "FILE", description = "YAML file with the sweep (see above).")
    private Path grid;

    @Option(names = "--predictor", paramLabel = "NAME", description = "Registered predictor (default simulation).")
    private String predictor;

    @Option(names = {"--hp", "-p", "--param"}, paramLabel = "KEY=VALUE", description = "Hyper-parameter override of the "
            + "predictor (repeatable; -p and --param as in fit).")
    private Map<String, String> hp = new LinkedHashMap<>();

    @Option(names = "--train", paramLabel = "SOURCE|FILE", description = "Catalog source the predictor is fitted on "
            + "(default tf-benchmarks, embedded), or your own observations: a generic .csv or a .parquet file.")
    private String train;

    @Option(names = "--data", paramLabel = "DIR", description = "Folder laid out like shared/data.")
    private Path data;

    @Option(names = "--target", paramLabel = "TARGET", description = "throughput (default) or step-time.")
    private String target;

    @Option(names = "--seeds", paramLabel = "N", description = "Fits per point with seeds seed, seed+1, ... (default 1).")
    private Integer seeds;

    @Option(names = "--models", split = ",", paramLabel = "a,b") private List<String> models;
    @Option(names = "--workers", split = ",", paramLabel = "1,2,4") private List<Integer> workers;
    @Option(names = "--nodes", split = ",", paramLabel = "1,2", description = "Instead of --workers: nodes x GPUs per node workers.")
    private List<Integer> nodes;
    @Option(names = "--gpus-per-node", split = ",", paramLabel = "1,8") private List<Integer> gpusPerNode;
    @Option(names = "--hardware", split = ",", paramLabel = "LABEL") private List<String> hardware;
    @Option(names = "--precision", split = ",", paramLabel = "P", description = "fp32, tf32, amp (fp16), bf16, fp8 "
            + "(the column precision); default: unstated, which a predictor fitted on rows of several precisions of "
            + "the model refuses.")
    private List<String> precision;
    @Option(names = "--bandwidth", split = ",", paramLabel = "GBPS", description = "Network bandwidth per node "
            + "(the column bandwidth_gbps); default: the catalog's NIC or the predictor's default.")
    private List<Double> bandwidth;
    @Option(names = "--intra-node-gbps", split = ",", paramLabel = "GBPS", description = "Ring bandwidth per GPU "
            + "inside a node (the column intra_node_gbps); default: the catalog's intra-node link.")
    private List<Double> intraNodeGbps;
    @Option(names = "--policy", split = ",", paramLabel = "P", description = "The predictor's policy hyper-parameter (simulation: random, fifo, tic, tac).")
    private List<String> policy;
    @Option(names = "--mode", split = ",", paramLabel = "M", description = "async-ps, sync-ps, allreduce; default: the "
            + "training row's, allreduce with a layout axis.")
    private List<String> mode;
    @Option(names = "--batch", split = ",", paramLabel = "B", description = "Samples per worker (with layout axes: "
            + "per data-parallel replica); default: the training row's.")
    private List<Integer> batch;
    @Option(names = "--global-batch", split = ",", paramLabel = "B", description = "Instead of --batch: samples per "
            + "iteration over all workers (the column global_batch); a point whose workers do not divide it is refused.")
    private List<Long> globalBatch;
    @Option(names = "--sequence-length", split = ",", paramLabel = "S", description = "Tokens per sample: the zoo's "
            + "variant of a transformer at that length (the column sequence_length).")
    private List<Integer> sequenceLength;
    @Option(names = "--tensor-parallel", split = ",", paramLabel = "T", description = "Layout axes (the generic CSV's "
            + "columns, as plan-llm names them; a predictor that reads layouts: megatron-analytic, megatron-simulation)."
            + " With any of them --workers counts GPUs, and each point's data parallelism is its GPUs over tensor x "
            + "context x pipeline; a point they do not divide is refused with the reason. Tensor-parallel ranks.")
    private List<Integer> tensorParallel;
    @Option(names = "--pipeline-parallel", split = ",", paramLabel = "P", description = "Pipeline stages.")
    private List<Integer> pipelineParallel;
    @Option(names = "--context-parallel", split = ",", paramLabel = "C", description = "Context-parallel ranks (with "
            + "--flash-attention).")
    private List<Integer> contextParallel;
    @Option(names = "--expert-parallel", split = ",", paramLabel = "E", description = "Expert-parallel ranks of a "
            + "mixture-of-experts model.")
    private List<Integer> expertParallel;
    @Option(names = "--micro-batch", split = ",", paramLabel = "B", description = "Samples per micro-batch (needed "
            + "with --pipeline-parallel above 1).")
    private List<Integer> microBatch;
    @Option(names = "--virtual-stages", split = ",", paramLabel = "V", description = "Virtual stages per pipeline "
            + "rank (interleaved 1F1B).")
    private List<Integer> virtualStages;
    @Option(names = "--recompute", split = ",", paramLabel = "R", description = "none, selective, full.")
    private List<String> recompute;
    @Option(names = "--sequence-parallel", negatable = true, description = "Every layout point with Megatron-LM's "
            + "sequence parallelism (a flag, as in plan-llm; --no-sequence-parallel turns a grid file's off).")
    private Boolean sequenceParallel;
    @Option(names = "--distributed-optimizer", negatable = true, description = "Every layout point with the optimizer "
            + "state sharded over the replicas.")
    private Boolean distributedOptimizer;
    @Option(names = "--fsdp", negatable = true, description = "Every layout point with weights, gradients and "
            + "optimizer state sharded.")
    private Boolean fsdp;
    @Option(names = "--flash-attention", negatable = true, description = "Every layout point with the fused attention "
            + "kernel.")
    private Boolean flashAttention;
    @Option(names = "--overlap-expert-comm", negatable = true, description = "Every layout point with its expert "
            + "all-to-alls overlapped with another micro-batch's compute (the column expert_overlap).")
    private Boolean overlapExpertComm;
    @Option(names = "--eager-kernels", negatable = true, description = "Every layout point with eager PyTorch's "
            + "separate element-wise kernels instead of Megatron-LM's fused ones (the column fused_kernels false, as "
            + "plan-llm --eager-kernels; --no-eager-kernels turns a grid file's fused_kernels: false off).")
    private Boolean eagerKernels;
    @Option(names = "--overlap-p2p-comm", negatable = true, description = "--no-overlap-p2p-comm: every layout point's "
            + "interleaved-schedule sends block instead of overlapping the next pass (the column overlap_p2p_comm "
            + "false, as plan-llm --no-overlap-p2p-comm: Megatron-LM --no-overlap-p2p-communication, or a run before "
            + "the option); not given: Megatron-LM's default, on exactly at interleaved points; given: a point of the "
            + "plain schedule is refused.")
    private Boolean overlapP2pComm;
    @Option(names = "--expert-capacity-factor", split = ",", paramLabel = "F", description = "Capacity factors of a "
            + "token-dropping mixture-of-experts run (the column expert_capacity_factor; not given: dropless).")
    private List<Double> expertCapacityFactor;
    @Option(names = "--zero-stage", split = ",", paramLabel = "Z", description = "DeepSpeed's ZeRO stages 0-3 (the "
            + "column zero_stage: 1 as --distributed-optimizer, 2 the gradients sharded too, 3 as --fsdp).")
    private List<Integer> zeroStage;

    @WritesTo(WritesTo.Kind.FOLDER)
    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Write sweep.parquet and scaling.png here; "
            + "a sweep no point of which is answered exits 1 and writes nothing, leaving an earlier run's files as they "
            + "were (the reasons go to stderr).")
    private Path out;

    @Option(names = "--json", description = "Print the points as JSON {predictor, train, target, unit, seeds, points: "
            + "[{model, mode, workers, ..., global_batch, data_parallel, tensor_parallel, ..., overlap_p2p_comm, mean, sd, "
            + "min, max, unit, peak_memory_gib, fits, refusal, extrapolation}]} "
            + "instead of a table; the summary goes to stderr.")
    private boolean json;

    @Mixin
    private EngineChoice engineChoice;

    /** @param registry the plugins on the class path */
    public SweepCommand(PluginRegistry registry) {
        super(registry);
    }

    @Override
    public Integer call() throws Exception {
        EngineChoice.Chosen chosen = engineChoice.resolve(spec, registry);
        SweepSpec sweep;
        SweepTasks tasks;
        try {
            sweep = spec();
            tasks = sweep.tasks(registry);
        } catch (NoSuchElementException e) {
            throw new IllegalArgumentException("--predictor: " + e.getMessage(), e);
        } catch (InvalidField e) {
            // A value the grid's validation refused, named by the option or the grid file's field that gave it.
            throw new IllegalArgumentException(e.named(new SweepFieldNames(grid, fieldsByFlags())), e);
        }
        tasks.notes().forEach(note -> spec.commandLine().getErr().println("warning: " + note));
        Optional<HardwareCatalog> catalog = registry.service(HardwareCatalog.class);
        // The same note plan-llm, a CSV row and serve give a bandwidth above the hardware's, once per figure.
        catalog.ifPresent(hw -> tasks.points().stream().map(SweepPoint::config)
                .flatMap(c -> StatedLinkBounds.notes(hw, c.deployment().hardware(), c.deployment().intraNodeGbps(),
                        c.deployment().bandwidthGbps(), "--intra-node-gbps", "--bandwidth").stream())
                .distinct().forEach(note -> spec.commandLine().getErr().println("note: " + note)));
        List<SweepRow> rows;
        try (ProgressReporter bar = new ProgressReporter("sweep", System.console() != null, System.err, spec.commandLine().getErr(), System::nanoTime,
                EvaluateCommand.PROGRESS_INTERVAL_NANOS, true)) {
            bar.start(tasks.size());
            rows = chosen.engine().run(tasks, chosen.options(), bar);
        }
        Function<SweepRow, Optional<Boolean>> fits = r -> r.peakMemoryBytes().isPresent()
                ? MemoryVerdict.of(r.peakMemoryBytes().getAsDouble(), r.point().config().deployment().hardware(), catalog)
                .fits() : Optional.empty();
        long refused = rows.stream().filter(r -> r.answered() == 0).count();
        if (!rows.isEmpty() && refused == rows.size()) {
            return noneAnswered(sweep, rows);
        }
        Files.createDirectories(out);
        SweepParquet.write(out.resolve(SweepParquet.FILE), sweep.predictor(), rows, fits);
        int lines = SweepChart.write(out.resolve(SweepChart.FILE), sweep.predictor(), sweep.target(), rows);
        String unit = Target.parse(sweep.target()).unit();
        PrintWriter results = spec.commandLine().getOut();
        // With --json stdout holds the JSON alone, so the summary moves to stderr beside the progress.
        PrintWriter w = json ? spec.commandLine().getErr() : results;
        summary(w, sweep, rows, refused);
        if (json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            results.println(mapper.writeValueAsString(SweepJson.of(mapper, sweep, unit, rows, fits)));
        } else {
            SweepTable.print(rows, unit, fits, results);
        }
        reasons(w, rows, " (column refusal of " + SweepParquet.FILE + ")");
        long over = rows.stream().filter(r -> r.answered() > 0 && fits.apply(r).equals(Optional.of(false))).count();
        if (over > 0) {
            w.println(over + " of the points " + (over == 1 ? "needs" : "need") + " more memory per GPU (PEAK GiB) than "
                    + "the GPU has (FITS NO): as stated, " + (over == 1 ? "it" : "they") + " would not run");
        }
        w.println("wrote " + out.resolve(SweepParquet.FILE) + " and " + SweepChart.FILE + " (" + lines
                + (lines == 1 ? " line)" : " lines)"));
        List<String> flagged = rows.stream().flatMap(r -> r.extrapolation().stream()).toList();
        if (!flagged.isEmpty()) {
            // A count and one example: each note names its point's value, and the table already lists the points.
            spec.commandLine().getErr().println("note: " + flagged.size() + " of the " + rows.size() + " points "
                    + (flagged.size() == 1 ? "lies" : "lie") + " outside the range " + sweep.predictor() + " was trained on (an extrapolation, answered all the"
                    + " same), e.g. " + flagged.get(0));
        }
        w.flush();
        results.flush();
        return 0;
    }

    /**
     * A sweep no point of which was answered fails, as plan-llm fails on the same label, and writes nothing: an
     * earlier run's {@code sweep.parquet} and {@code scaling.png} in {@code --out} are worth more than a table of
     * refusals, so they are left as they were, and stdout (the table, or the JSON) stays empty. The summary and the
     * reasons go to stderr.
     */
    private int noneAnswered(SweepSpec sweep, List<SweepRow> rows) {
        PrintWriter err = spec.commandLine().getErr();
        summary(err, sweep, rows, rows.size());
        reasons(err, rows, "");
        Path parquet = out.resolve(SweepParquet.FILE);
        boolean earlier = Files.exists(parquet) || Files.exists(out.resolve(SweepChart.FILE));
        err.println("stepcast: " + sweep.predictor() + " answered no point of the sweep (the reasons above); wrote "
                + "nothing" + (earlier ? ", " + parquet + " and " + SweepChart.FILE + " are left as they were"
                : " to " + out));
        err.flush();
        return 1;
    }

    private static void summary(PrintWriter w, SweepSpec sweep, List<SweepRow> rows, long refused) {
        w.println("sweep " + sweep.predictor() + " on " + sweep.train() + ": " + rows.size() + " points x " + sweep.seeds()
                + " seeds, " + sweep.target() + "; " + refused + " points not applicable");
    }

    /**
     * Why points were not answered, once per reason (most frequent first), at most {@link #REASONS_SHOWN};
     * {@code more} says where the others are.
     */
    private static void reasons(PrintWriter w, List<SweepRow> rows, String more) {
        Map<String, Long> reasons = rows.stream().filter(r -> r.answered() == 0)
                .collect(Collectors.groupingBy(r -> r.refusal().orElse("no answer"), LinkedHashMap::new, Collectors.counting()));
        reasons.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(REASONS_SHOWN)
                .forEach(e -> w.println("  " + e.getValue() + (e.getValue() == 1 ? " point: " : " points: ") + e.getKey()));
        if (reasons.size() > REASONS_SHOWN) {
            int others = reasons.size() - REASONS_SHOWN;
            w.println("  ... " + others + (others == 1 ? " other reason" : " other reasons") + more);
        }
    }

    /** The grid fields the command line states (a flag overrides the file's field of the same name). */
    private Set<String> fieldsByFlags() {
        Map<String, Object> flags = new LinkedHashMap<>();
        flags.put("seeds", seeds);
        flags.put("models", models);
        flags.put("workers", workers);
        flags.put("nodes", nodes);
        flags.put("gpus_per_node", gpusPerNode);
        flags.put("hardware", hardware);
        flags.put("precision", precision);
        flags.put("bandwidth", bandwidth);
        flags.put("intra_node_gbps", intraNodeGbps);
        flags.put("policy", policy);
        flags.put("mode", mode);
        flags.put("batch", batch);
        flags.put("global_batch", globalBatch);
        flags.put("sequence_length", sequenceLength);
        flags.put("tensor_parallel", tensorParallel);
        flags.put("pipeline_parallel", pipelineParallel);
        flags.put("context_parallel", contextParallel);
        flags.put("expert_parallel", expertParallel);
        flags.put("micro_batch", microBatch);
        flags.put("virtual_stages", virtualStages);
        flags.put("recompute", recompute);
        flags.put("expert_capacity_factor", expertCapacityFactor);
        return flags.entrySet().stream().filter(e -> e.getValue() != null).map(Map.Entry::getKey)
                .collect(Collectors.toSet());
    }

    /** The sweep from the file (when given) with the flags on top. */
    private SweepSpec spec() throws IOException {
        JsonNode file = grid == null ? null : readGrid(grid);
        Map<String, String> hps = new LinkedHashMap<>();
        if (file != null && file.has("hyper_parameters")) {
            Iterator<Map.Entry<String, JsonNode>> it = file.get("hyper_parameters").fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                hps.put(e.getKey(), e.getValue().asText());
            }
        }
        hps.putAll(hp);
        String dataDir = data != null ? data.toString() : text(file, "data", null);
        if (dataDir != null && !Files.isDirectory(Path.of(dataDir))) {
            throw new IOException("--data " + dataDir + ": no such folder");
        }
        boolean flagsSize = workers != null || nodes != null;
        SweepGrid g = new SweepGrid(
                pick(models, file, "models", JsonNode::asText),
                flagsSize ? orEmpty(workers) : pick(null, file, "workers", n -> integer(n, "workers")),
                flagsSize ? orEmpty(nodes) : pick(null, file, "nodes", n -> integer(n, "nodes")),
                pick(gpusPerNode, file, "gpus_per_node", n -> integer(n, "gpus_per_node")),
                pick(hardware, file, "hardware", JsonNode::asText),
                pick(bandwidth, file, "bandwidth", n -> number(n, "bandwidth")),
                pick(policy, file, "policy", JsonNode::asText),
                pick(mode, file, "mode", JsonNode::asText),
                pick(batch, file, "batch", n -> integer(n, "batch")),
                pick(intraNodeGbps, file, "intra_node_gbps", n -> number(n, "intra_node_gbps")),
                pick(precision, file, "precision", JsonNode::asText),
                layout(file));
        int s = seeds != null ? seeds : file != null && file.has("seeds") ? integer(file.get("seeds"), "seeds") : 1;
        return new SweepSpec(predictor != null ? predictor : text(file, "predictor", "simulation"), hps,
                train != null ? SweepTrainName.checked(train, null)
                        : SweepTrainName.checked(text(file, "train", "tf-benchmarks"), file != null && file.has("train")
                                ? grid : null), dataDir,
                target != null ? target : text(file, "target", "throughput"), s, g);
    }

    /**
     * The layout axes from the flags, else the file; a switch is as its flag says ({@code --fsdp} on, {@code --no-fsdp}
     * off, overriding the file as any flag does), else as the file says, else off (fused kernels: on). A switch the
     * flag or the file gives, on or off, is stated ({@link SweepLayout#statedSwitches}).
     */
    private SweepLayout layout(JsonNode file) {
        Map<String, Boolean> flags = new LinkedHashMap<>();
        flags.put("sequence_parallel", sequenceParallel);
        flags.put("distributed_optimizer", distributedOptimizer);
        flags.put("fsdp", fsdp);
        flags.put("flash_attention", flashAttention);
        flags.put("expert_overlap", overlapExpertComm);
        flags.put("fused_kernels", eagerKernels == null ? null : !eagerKernels);
        flags.put("overlap_p2p_comm", overlapP2pComm);
        Map<String, Boolean> switches = new LinkedHashMap<>();
        flags.forEach((column, flag) -> {
            if (flag != null) {
                switches.put(column, flag);
            } else if (file != null && file.has(column)) {
                switches.put(column, bool(file, column));
            }
        });
        return new SweepLayout(
                pick(tensorParallel, file, "tensor_parallel", n -> integer(n, "tensor_parallel")),
                pick(pipelineParallel, file, "pipeline_parallel", n -> integer(n, "pipeline_parallel")),
                pick(contextParallel, file, "context_parallel", n -> integer(n, "context_parallel")),
                pick(expertParallel, file, "expert_parallel", n -> integer(n, "expert_parallel")),
                pick(microBatch, file, "micro_batch", n -> integer(n, "micro_batch")),
                pick(globalBatch, file, "global_batch", n -> (long) integer(n, "global_batch")),
                pick(sequenceLength, file, "sequence_length", n -> integer(n, "sequence_length")),
                pick(recompute, file, "recompute", JsonNode::asText),
                pick(virtualStages, file, "virtual_stages", n -> integer(n, "virtual_stages")),
                switches.getOrDefault("sequence_parallel", false),
                switches.getOrDefault("distributed_optimizer", false),
                switches.getOrDefault("fsdp", false),
                switches.getOrDefault("flash_attention", false),
                switches.getOrDefault("expert_overlap", false),
                pick(expertCapacityFactor, file, "expert_capacity_factor",
                        n -> number(n, "expert_capacity_factor")),
                pick(zeroStage, file, "zero_stage", n -> integer(n, "zero_stage")),
                switches.getOrDefault("fused_kernels", true), switches.getOrDefault("overlap_p2p_comm", true),
                switches.keySet());
    }

    private boolean bool(JsonNode file, String field) {
        JsonNode n = file.get(field);
        if (!n.isBoolean()) {
            throw new IllegalArgumentException(grid + ": field " + field + ": '" + n.asText() + "' is not true or false");
        }
        return n.asBoolean();
    }

    private static JsonNode readGrid(Path file) throws IOException {
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IOException(file + ", " + ParseErrors.oneLine(e), e);
        } catch (IOException e) {
            throw new IOException(file + ": " + io.stepcast.evaluation.metrics.HoldOutScorer.oneLine(e.getMessage()), e);
        }
        if (root == null || !root.isObject()) {
            throw new IOException(file + ": expected a mapping of sweep fields");
        }
        Iterator<String> names = root.fieldNames();
        while (names.hasNext()) {
            String n = names.next();
            if (!KEYS.contains(n)) {
                throw new IOException(file + ": unknown field '" + n + "' (known: " + String.join(", ", new TreeSet<>(KEYS)) + ")");
            }
        }
        return root;
    }

    private static <T> List<T> pick(List<T> flag, JsonNode file, String key, Function<JsonNode, T> read) {
        if (flag != null) {
            return flag;
        }
        if (file == null || !file.has(key)) {
            return List.of();
        }
        JsonNode n = file.get(key);
        List<T> out = new ArrayList<>();
        if (n.isArray()) {
            n.forEach(x -> out.add(read.apply(x)));
        } else {
            out.add(read.apply(n));
        }
        return out;
    }

    private static <T> List<T> orEmpty(List<T> v) {
        return v == null ? List.of() : v;
    }

    private static String text(JsonNode file, String key, String fallback) {
        return file != null && file.has(key) ? file.get(key).asText() : fallback;
    }

    private int integer(JsonNode n, String field) {
        if (!n.canConvertToInt() || !n.isIntegralNumber()) {
            throw new IllegalArgumentException(grid + ": field " + field + ": '" + n.asText() + "' is not an integer");
        }
        return n.asInt();
    }

    private double number(JsonNode n, String field) {
        if (!n.isNumber()) {
            throw new IllegalArgumentException(grid + ": field " + field + ": '" + n.asText() + "' is not a number");
        }
        return n.asDouble();
    }
}
