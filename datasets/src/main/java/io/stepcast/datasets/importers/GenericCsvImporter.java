package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Deployment;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.DeviceKind;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.StatedLinkBounds;
import io.stepcast.api.Measurements;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.datasets.hardware.HardwareLabels;
import io.stepcast.datasets.io.CsvReader;
import io.stepcast.datasets.io.CsvRow;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.zoo.ModelZoo;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A generic CSV of observations, so users can bring their own measurements. One row per measured
 * configuration; a header names the columns, in any order.
 *
 * <p>A line whose first non-blank character is {@code #} is a comment, anywhere in the file (a transcription's
 * citation of its table, on top); errors name the file's physical lines.
 *
 * <p>Required: {@code model}, {@code architecture} ({@code ALLREDUCE}, {@code SYNC_PS}, {@code ASYNC_PS};
 * case, dashes and underscores ignored), {@code workers}, {@code local_batch} or {@code global_batch} (= local
 * batch x workers; both may be given if they agree), and at least one measurement
 * column: {@code step_time_s}, {@code throughput_samples_s}, {@code response_time_s} or {@code accuracy}
 * (a row may leave some blank, not all). A file of configurations to predict
 * ({@link #readConfigurations}) may leave the measurement columns out.
 *
 * <p>Optional: {@code nodes} (default: {@code ceil(workers / gpus_per_node)} when {@code gpus_per_node} is
 * given, else the job's GPUs over the GPUs per node of the catalogued system {@code hardware} names, else 1; a row
 * putting more GPUs on a node than that system has, without {@code gpus_per_node} or {@code placement}, is refused),
 * {@code gpus_per_node}, {@code parameter_servers} (default 1 for the PS architectures, 0
 * otherwise), {@code colocated_ps} ({@code true}/{@code false}), {@code cores_per_worker} (devices per worker,
 * default 1), {@code tenants} (default 1), {@code bandwidth_gbps} (the NIC's, per node and direction),
 * {@code intra_node_gbps} (a ring's bandwidth per GPU inside a node), {@code placement} (GPUs per node joined by
 * {@code +}, {@code 4+4+2}, or one digit per node as Pollux writes it; sets {@code nodes} when that is absent; an
 * uneven placement is costed by its busiest node), {@code hardware}, {@code framework},
 * {@code dataset}, {@code parameter_bytes}, {@code sync_time_s}, {@code utilisation} (fraction),
 * {@code runs} (default 1), {@code replication} (default 0), {@code source} (default
 * {@code csv:<file name>}).
 *
 * <p>3D-parallel (Megatron-LM style) runs ({@link LlmColumns}): {@code tensor_parallel}, {@code pipeline_parallel},
 * {@code micro_batch}, {@code virtual_stages}, {@code sequence_parallel}, {@code recompute}, {@code precision},
 * {@code distributed_optimizer}, {@code fsdp}, {@code zero_stage} (DeepSpeed's ZeRO stage 0-3), {@code flash_attention},
 * {@code context_parallel},
 * {@code fused_kernels} (false: eager PyTorch's separate element-wise kernels); a row with any of
 * them is a model-parallel job whose {@code workers} are its data-parallel replicas, each of tensor x context x
 * pipeline GPUs ({@code nodes} then defaults to all its GPUs over {@code gpus_per_node}, or, without it, over the GPUs
 * of a node of the system {@code hardware} names in the importer's catalog). {@code sequence_length} and
 * {@code vocab_size} give the
 * model, a transformer of the zoo, another length (the zoo's variant of BERT or the Transformer) or shape (the zoo's
 * parametric GPT).
 *
 * <p>Unknown columns are kept as tags of every observation (column name = tag key) and reported in
 * {@link ImportedObservations#notes()}; they are never silently dropped.
 *
 * <p>A row whose throughput per GPU times its model's training FLOPs per sample (the zoo's) exceeds its device's
 * catalogued peak FLOP/s is kept, with one note per model and hardware ({@link ComputeRateCheck}): its throughput is
 * likely not in samples/s.
 *
 * <p>A {@code hardware} label that names an entry of the hardware catalog by any of its names or aliases is read as
 * the catalog's name ({@link HardwareLabels}): {@code DGX-1} and {@code dgx1} both become {@code dgx-1-v100}, so that
 * files that spell one system differently match. A label the catalog does not know is kept as written and reported
 * in the notes once, with the line it first appears on and the closest catalogued names. A system heading that counts
 * the run's GPUs rather than the system's ({@code NVIDIA DGX A100 (1x A100 80GB)}) is read as the system and noted
 * the same way ({@link HardwareLabels#countNote}). A label that counts a system's nodes ({@code 8xNVIDIA DGX A100},
 * MLPerf Training's platform) is that system on a row whose {@code nodes} column states the same count, and noted
 * ({@link HardwareLabels#nodeCountNote}); on any other row it is kept as written with the warning of an unknown label.
 *
 * <p>A file's first row on several nodes with no {@code bandwidth_gbps} on hardware whose network the catalog does not
 * give (a bare GPU, whose systems have different NICs) is noted ({@link UnstatedNetworkCheck}): the predictors that
 * cost the network take their default bandwidth for it.
 *
 * <p>Measured rows that are one job to every predictor but state different frameworks or datasets, columns no
 * predictor reads, are kept with one note ({@link PooledRowsCheck}): they are fitted as repeats of one job.
 */
public final class GenericCsvImporter implements ObservationImporter {
    /** The columns every file must have. */
    public static final List<String> REQUIRED = List.of("model", "architecture", "workers");
    /** The batch columns; a file needs at least one (a row's global batch is local batch x workers). */
    public static final List<String> BATCH = List.of("local_batch", "global_batch");
    /** The measurement columns; a file needs at least one. */
    public static final List<String> MEASUREMENTS = List.of("step_time_s", "throughput_samples_s", "response_time_s",
            "accuracy");
    /** Every documented optional column. */
    public static final List<String> OPTIONAL = Stream.of(List.of("nodes", "gpus_per_node", "parameter_servers",
            "colocated_ps", "cores_per_worker", "tenants", "bandwidth_gbps", "intra_node_gbps", "hardware", "framework",
            "dataset", "parameter_bytes", "sync_time_s", "utilisation", "runs", "replication", "source"),
            LlmColumns.LAYOUT, LlmColumns.SHAPE, List.of("placement")).flatMap(List::stream).toList();
    /** Every documented column. */
    private static final List<String> KNOWN = Stream.of(REQUIRED, BATCH, MEASUREMENTS, OPTIONAL)
            .flatMap(List::stream).toList();

    /** The zoo the rows' models are read and their implied compute rates checked with (it builds its models once). */
    private static final ModelZoo ZOO = new ModelZoo();
    /** Hints for columns that are not documented ones. */
    private static final ColumnHints HINTS = new ColumnHints(KNOWN);

    private final HardwareLabels labels;

    /** An importer whose hardware labels resolve in the embedded hardware catalog. */
    public GenericCsvImporter() {
        this(new HardwareLabels());
    }

    /** An importer whose hardware labels resolve through {@code labels}. */
    public GenericCsvImporter(HardwareLabels labels) {
        this.labels = labels;
    }

    @Override
    public String name() {
        return "csv";
    }

    @Override
    public String description() {
        return "a CSV table of observations in stepcast's generic columns (docs/data-model.md)";
    }

    @Override
    public Optional<DataSource> source() {
        return Optional.empty();
    }

    @Override
    public ImportedObservations importFile(Path input, ImportOptions options) throws IOException {
        return read(input);
    }

    /** A configuration of a file to predict, with its measurements when the row has some. */
    public record ConfigurationRow(Config config, Optional<Measurements> measured) {
    }

    /** The rows of a file of configurations to predict, and what the reader noticed (unknown columns). */
    public record Configurations(List<ConfigurationRow> rows, List<String> notes) {
        public Configurations {
            rows = List.copyOf(rows);
            notes = List.copyOf(notes);
        }
    }

    /** One parsed row: its configuration, measurements when it has some, source, replication and tags. */
    private record Row(Config config, Optional<Measurements> measured, String source, int replication,
                       Map<String, String> tags) {
    }

    /** Takes each parsed row with its CSV row, for errors that name the line. */
    @FunctionalInterface
    private interface RowSink {
        void accept(CsvRow csvRow, Row row) throws DataFormatException;
    }

    /** Reads one CSV file of observations: every row measures something. */
    public ImportedObservations read(Path input) throws IOException {
        List<Observation> out = new ArrayList<>();
        List<String> notes = parse(input, true, observationsInto(out));
        return new ImportedObservations(out, 0, notes);
    }

    /** The sink that adds each measured row to {@code out} as an observation. */
    private static RowSink observationsInto(List<Observation> out) {
        return (r, row) -> {
            try {
                out.add(new Observation(row.config(), row.measured().orElseThrow(), row.source(), row.replication(),
                        row.tags()));
            } catch (IllegalArgumentException e) {
                throw r.invalid(e);
            }
        };
    }

    /**
     * Reads one CSV file of configurations to predict ({@code stepcast predict --input}): the same columns, but
     * the measurement columns are optional, and a row's measurements, where given, are kept for comparison.
     */
    public Configurations readConfigurations(Path input) throws IOException {
        List<ConfigurationRow> rows = new ArrayList<>();
        List<String> notes = parse(input, false,
                (r, row) -> rows.add(new ConfigurationRow(row.config(), row.measured())));
        return new Configurations(rows, notes);
    }

    /**
     * Reads a CSV of observations from a stream, e.g. a table embedded in the jar.
     *
     * @param display  the name errors give the file
     * @param fileName the file's name, for the default {@code source} of its rows
     */
    public ImportedObservations read(InputStream in, String display, String fileName) throws IOException {
        List<Observation> out = new ArrayList<>();
        List<String> notes;
        try (CsvReader csv = CsvReader.openWithComments(in, display)) {
            notes = parse(csv, display, fileName, true, observationsInto(out));
        }
        return new ImportedObservations(out, 0, notes);
    }

    /** Parses every row into {@code sink}; returns the notes on unknown columns and unknown hardware labels. */
    private List<String> parse(Path input, boolean measured, RowSink sink) throws IOException {
        if (!Files.isRegularFile(input)) {
            throw new FileNotFoundException(input + ": no such file");
        }
        try (CsvReader csv = CsvReader.openWithComments(input, input.toString())) {
            return parse(csv, input.toString(), input.getFileName().toString(), measured, sink);
        }
    }

    /**
     * The zoo's name of a model named by one of the zoo's aliases ({@code ResNet-50v1.5} and {@code imagenet} are the
     * zoo's {@code ResNet-50}), so that files that spell one model differently are one job to every predictor, as
     * hardware labels are ({@link HardwareLabels}); any other name as written.
     */
    static String zooName(String model) {
        return ZOO.canonical(model).filter(c -> !ModelNames.key(c).equals(ModelNames.key(model)))
                .orElse(model);
    }

    private List<String> parse(CsvReader csv, String display, String fileName, boolean measured, RowSink sink)
            throws IOException {
        List<String> unknown = new ArrayList<>();
        Map<String, Long> unknownLabels = new LinkedHashMap<>();
        // Each distinct label whose system description counts the run's GPUs, with the first line it appears on.
        Map<String, Long> countedLabels = new LinkedHashMap<>();
        // Each distinct note of a label that counts the nodes its row states (8xNVIDIA DGX A100), with its first line.
        Map<String, Long> nodeLabels = new LinkedHashMap<>();
        int rows = 0;
        List<String> missing = new ArrayList<>(REQUIRED.stream().filter(c -> !csv.columns().contains(c)).toList());
        if (BATCH.stream().noneMatch(csv.columns()::contains)) {
            missing.add("local_batch (or global_batch)");
        }
        if (!missing.isEmpty()) {
            throw DataFormatException.at(display, csv.headerLine(), "missing column(s) " + String.join(", ", missing)
                    + HINTS.mayBe(csv.columns(), missing.stream()
                    .map(m -> m.replace(" (or global_batch)", "")).toList()) + " (found: " + String.join(", ", csv.columns()) + ")");
        }
        if (measured && MEASUREMENTS.stream().noneMatch(csv.columns()::contains)) {
            throw DataFormatException.at(display, csv.headerLine(), "no measurement column (one of "
                    + String.join(", ", MEASUREMENTS) + ")" + HINTS.mayBe(csv.columns(), MEASUREMENTS));
        }
        Set<String> known = new HashSet<>(KNOWN);
        for (String c : csv.columns()) {
            if (!known.contains(c)) {
                unknown.add(c);
            }
        }
        String defaultSource = "csv:" + fileName;
        ComputeRateCheck rates = new ComputeRateCheck(ZOO, labels.catalog());
        PrecisionCheck precisions = new PrecisionCheck(labels.catalog());
        PooledRowsCheck pooled = new PooledRowsCheck();
        UnstatedNetworkCheck network = new UnstatedNetworkCheck(labels.catalog());
        // Each distinct contradiction of a GPT's name by its shape columns, with the first line it appears on.
        Map<String, Long> contradictions = new LinkedHashMap<>();
        // Each distinct stated link bandwidth above the catalogued hardware's, with the first line it appears on.
        Map<String, Long> links = new LinkedHashMap<>();
        for (CsvRow r = csv.next(); r != null; r = csv.next()) {
            Row row = row(r, unknown, defaultSource, measured);
            long line = r.line();
            shapeNote(r).ifPresent(n -> contradictions.putIfAbsent(n, line));
            rates.row(r.line(), row.config(), row.measured());
            precisions.row(r.line(), row.config());
            if (measured) {
                pooled.row(line, row.config());
            }
            Deployment d = row.config().deployment();
            StatedLinkBounds.notes(labels.catalog(), d.hardware(), d.intraNodeGbps(), d.bandwidthGbps(),
                    "column intra_node_gbps", "column bandwidth_gbps").forEach(n -> links.putIfAbsent(n, line));
            String label = r.has("hardware") ? r.text("hardware") : "";
            network.row(line, label, d);
            int nodes = row.config().deployment().nodes();
            if (labels.nodeCountNote(label, nodes).isPresent()) {
                nodeLabels.putIfAbsent(labels.nodeCountNote(label, nodes).orElseThrow(), r.line());
            } else if (!labels.known(label)) {
                unknownLabels.putIfAbsent(label.trim(), r.line());
            }
            countedLabels.putIfAbsent(label.trim(), r.line());
            sink.accept(r, row);
            rows++;
        }
        if (rows == 0) {
            throw new DataFormatException(display, "no data rows after the header");
        }
        List<String> notes = new ArrayList<>(unknown.stream().map(c -> "unknown column '" + c + "'"
                + HINTS.suggestion(c) + " (kept as a tag)").toList());
        unknownLabels.forEach((label, line) -> notes.add("line " + line + ": "
                + labels.unknownNote(label).orElseThrow()));
        countedLabels.forEach((label, line) -> labels.countNote(label).ifPresent(n -> notes.add("line " + line + ": "
                + n)));
        nodeLabels.forEach((note, line) -> notes.add("line " + line + ": " + note));
        contradictions.forEach((note, line) -> notes.add("line " + line + ": " + note));
        links.forEach((note, line) -> notes.add("line " + line + ": " + note));
        network.note().ifPresent(notes::add);
        notes.addAll(precisions.notes());
        notes.addAll(rates.notes());
        notes.addAll(pooled.notes());
        return notes;
    }

    /**
     * Why a row's {@code sequence_length} or {@code vocab_size} make its model another than the one it names
     * ({@link LlmColumns#contradiction}): a published zoo model given another vocabulary ({@code llama3-8b} with 32000
     * is not Llama 3 8B), or a name that states another shape. The reader notes it with the row's line; other front
     * ends that read rows with {@link #config} (such as {@code stepcast serve}) give the same words. Empty when the
     * columns agree with the name or are absent.
     *
     * @throws DataFormatException naming the row and the column of an invalid cell
     */
    public static Optional<String> shapeNote(CsvRow r) throws DataFormatException {
        return LlmColumns.contradiction(r, r.requiredText("model"), ZOO);
    }

    /** The GPUs per node of the GPU system of {@code catalog} the row's {@code hardware} names, if it names one. */
    private static OptionalInt systemGpusPerNode(CsvRow r, HardwareCatalog catalog) throws DataFormatException {
        if (!r.has("hardware")) {
            return OptionalInt.empty();
        }
        try {
            // Only GPUs: a CPU system's devices are the cores a scheduler hands out (Courier's executors), not a cap.
            return catalog.system(r.text("hardware"))
                    .filter(sys -> catalog.device(sys.name()).map(d -> d.kind() == DeviceKind.GPU).orElse(false))
                    .map(sys -> OptionalInt.of(sys.devicesPerNode())).orElse(OptionalInt.empty());
        } catch (IllegalArgumentException e) {
            // A composed label the catalog cannot build is the link-based predictors' to refuse, with its reason.
            return OptionalInt.empty();
        }
    }

    /**
     * The configuration columns of one row ({@link #REQUIRED} and the configuration part of {@link #OPTIONAL}),
     * read with the rules of this format, so that other front ends (such as {@code stepcast serve}, whose JSON
     * {@code config} uses these field names) accept exactly what a CSV file would.
     *
     * @param catalog the hardware catalog whose system a 3D-parallel row without {@code nodes} fills the nodes of:
     *                the caller's own (the importer's, a service's), so that a user's catalog decides them
     * @throws DataFormatException naming the row and the column of the first invalid cell
     */
    public static Config.Builder config(CsvRow r, HardwareCatalog catalog) throws DataFormatException {
        Architecture arch = architecture(r);
        int workers = r.positiveInteger("workers");
        int localBatch = localBatch(r, workers);
        Optional<ParallelLayout> layout = LlmColumns.stated(r)
                ? Optional.of(LlmColumns.layout(r, workers, localBatch)) : Optional.empty();
        if (arch.usesParameterServers() && layout.isPresent() && !ParallelLayout.fitsParameterServers(layout.get())) {
            throw r.refuse("architecture", names -> "is " + arch + ", but the layout columns split a replica over "
                    + "several GPUs or shard its state (" + Stream.of("tensor_parallel", "pipeline_parallel",
                    "context_parallel", "distributed_optimizer", "fsdp", "zero_stage").map(names::mention)
                    .collect(Collectors.joining(", ")) + "): Megatron-LM and FSDP jobs are ALLREDUCE");
        }
        if (layout.isPresent() && r.has("cores_per_worker")
                && r.positiveInteger("cores_per_worker") != layout.get().replicaGpus()) {
            // The context-parallel ranks are GPUs of the replica too; named only when there are some.
            List<String> product = layout.get().context() > 1
                    ? List.of("tensor_parallel", "context_parallel", "pipeline_parallel")
                    : List.of("tensor_parallel", "pipeline_parallel");
            String cores = r.text("cores_per_worker");
            int replica = layout.get().replicaGpus();
            throw r.refuse("cores_per_worker", names -> ": " + cores + " is not " + product.stream()
                    .map(names::mention).collect(Collectors.joining(" x ")) + " = " + replica
                    + " (the GPUs of one data-parallel replica)");
        }
        long gpus = layout.map(ParallelLayout::gpus).orElse(workers);
        Optional<Placement> placement = Optional.empty();
        if (r.has("placement")) {
            try {
                placement = Optional.of(Placement.parse(r.text("placement")));
            } catch (IllegalArgumentException e) {
                throw r.refuse("placement", ": " + e.getMessage());
            }
        }
        int nodes;
        OptionalInt systemPerNode = systemGpusPerNode(r, catalog);
        if (r.has("nodes")) {
            nodes = r.positiveInteger("nodes");
            if (r.has("gpus_per_node") && (gpus + nodes - 1) / nodes > r.positiveInteger("gpus_per_node")) {
                throw DataFormatException.at(r.file(), r.line(), "columns nodes and gpus_per_node: " + gpus
                        + " GPUs on " + nodes + " node(s) put " + (gpus + nodes - 1) / nodes + " on one node, more than"
                        + " gpus_per_node " + r.text("gpus_per_node"));
            }
        } else if (placement.isPresent()) {
            nodes = placement.get().nodes();
        } else if (r.has("gpus_per_node")) {
            int g = r.positiveInteger("gpus_per_node");
            nodes = Math.toIntExact((gpus + g - 1) / g);
        } else if (systemPerNode.isPresent()) {
            // A job fills the catalogued system's nodes, as Megatron-LM's and torchrun's launchers place their ranks
            // (and sweep places its workers): 16 workers of a DGX-1 are two nodes, never 16 GPUs on one.
            int g = systemPerNode.getAsInt();
            nodes = Math.toIntExact((gpus + g - 1) / g);
        } else {
            nodes = 1;
        }
        long busiest = (gpus + nodes - 1) / nodes;
        if (!r.has("gpus_per_node") && placement.isEmpty() && systemPerNode.isPresent()
                && busiest > systemPerNode.getAsInt()) {
            // No node of a catalogued system holds more GPUs than it has; the predictors without links would answer
            // such a row all the same (serve too), the link-based ones refuse it later.
            throw DataFormatException.at(r.file(), r.line(), "columns workers and nodes: " + gpus + " GPUs on "
                    + nodes + " node(s) of " + r.text("hardware") + " put " + busiest + " on one node, which has "
                    + systemPerNode.getAsInt());
        }
        String model;
        try {
            model = zooName(LlmColumns.model(r, r.requiredText("model"), ZOO));
        } catch (IllegalArgumentException e) {
            // A parametric name of an impossible shape (heads not dividing into the key-value heads, ...).
            throw r.refuse("model", ": " + e.getMessage());
        }
        Config.Builder c = Config.builder().model(model)
                .architecture(arch).workers(workers).nodes(nodes).localBatch(localBatch);
        layout.ifPresent(c::parallel);
        placement.ifPresent(c::placement);
        if (r.has("framework")) {
            c.framework(r.text("framework"));
        }
        if (r.has("dataset")) {
            c.dataset(r.text("dataset"));
        }
        if (r.has("hardware")) {
            c.hardware(r.text("hardware"));
        }
        if (r.has("parameter_servers")) {
            c.parameterServers(r.integer("parameter_servers"));
        }
        if (r.has("colocated_ps")) {
            String v = r.text("colocated_ps").toLowerCase(Locale.ROOT);
            if (!v.equals("true") && !v.equals("false")) {
                throw r.refuse("colocated_ps", "must be true or false, was '" + v + "'");
            }
            c.colocatedPs(Boolean.parseBoolean(v));
        }
        if (r.has("cores_per_worker") && layout.isEmpty()) {
            c.devicesPerWorker(r.positiveInteger("cores_per_worker"));
        }
        if (r.has("tenants")) {
            c.tenants(r.positiveInteger("tenants"));
        }
        if (r.has("bandwidth_gbps")) {
            c.bandwidthGbps(r.positive("bandwidth_gbps"));
        }
        if (r.has("intra_node_gbps")) {
            c.intraNodeGbps(r.positive("intra_node_gbps"));
        }
        if (r.has("parameter_bytes")) {
            c.parameterBytes((long) r.nonNegative("parameter_bytes"));
        }
        return c;
    }

    private Row row(CsvRow r, List<String> unknown, String defaultSource, boolean measured)
            throws DataFormatException {
        Config.Builder c = config(r, labels.catalog());
        if (r.has("hardware")) {
            int nodes;
            try {
                nodes = c.build().deployment().nodes();
            } catch (IllegalArgumentException e) {
                throw r.invalid(e);
            }
            c.hardware(labels.canonical(r.text("hardware"), nodes));
        }
        Measurements.Builder m = Measurements.builder();
        boolean any = false;
        if (r.has("step_time_s")) {
            m.stepTimeS(r.positive("step_time_s"));
            any = true;
        }
        if (r.has("throughput_samples_s")) {
            m.throughputSamplesPerS(r.positive("throughput_samples_s"));
            any = true;
        }
        if (r.has("response_time_s")) {
            m.responseTimeS(r.positive("response_time_s"));
            any = true;
        }
        if (r.has("accuracy")) {
            m.accuracy(r.nonNegative("accuracy"));
            any = true;
        }
        if (measured && !any) {
            throw DataFormatException.at(r.file(), r.line(), "no measurement in this row (all of "
                    + String.join(", ", MEASUREMENTS) + " are empty)");
        }
        if (r.has("sync_time_s")) {
            m.syncTimeS(r.nonNegative("sync_time_s"));
        }
        if (r.has("utilisation")) {
            m.utilisation(r.nonNegative("utilisation"));
        }
        if (r.has("runs")) {
            m.runs(r.positiveInteger("runs"));
        }
        Map<String, String> tags = new LinkedHashMap<>();
        if (r.has("gpus_per_node") && r.has("nodes")) {
            tags.put("gpus_per_node", r.text("gpus_per_node"));
        }
        for (String u : unknown) {
            if (r.has(u)) {
                tags.put(u, r.text(u));
            }
        }
        try {
            return new Row(c.build(), any ? Optional.of(m.build()) : Optional.empty(),
                    r.has("source") ? r.text("source") : defaultSource,
                    r.has("replication") ? r.integer("replication") : 0, tags);
        } catch (IllegalArgumentException e) {
            throw r.invalid(e);
        }
    }

    /**
     * The batch of one worker: {@code local_batch}, or {@code global_batch} over the workers; when both are given
     * they must agree.
     */
    private static int localBatch(CsvRow r, int workers) throws DataFormatException {
        if (!r.has("global_batch")) {
            if (!r.has("local_batch")) {
                throw r.refuse("local_batch", names -> "is empty and there is no " + names.mention("global_batch")
                        + " (one of them is needed)");
            }
            return r.positiveInteger("local_batch");
        }
        int global = r.positiveInteger("global_batch");
        if (global % workers != 0) {
            throw r.refuse("global_batch", ": " + global + " does not divide over the " + workers + " workers "
                    + "(data-parallel replicas)");
        }
        if (r.has("local_batch") && (long) r.positiveInteger("local_batch") * workers != global) {
            String local = r.text("local_batch");
            throw r.refuse("global_batch", names -> ": " + global + " is not " + names.mention("local_batch") + " x "
                    + names.mention("workers") + " = " + local + " x " + workers);
        }
        return global / workers;
    }

    private static Architecture architecture(CsvRow r) throws DataFormatException {
        String raw = r.requiredText("architecture");
        String key = raw.toUpperCase(Locale.ROOT).replaceAll("[^A-Z]", "");
        return switch (key) {
            case "ALLREDUCE", "RING", "COLLECTIVE" -> Architecture.ALLREDUCE;
            case "SYNCPS", "PSSYNC" -> Architecture.SYNC_PS;
            case "ASYNCPS", "PSASYNC" -> Architecture.ASYNC_PS;
            default -> throw r.refuse("architecture", ": unknown value '" + raw
                    + "' (expected ALLREDUCE, SYNC_PS or ASYNC_PS)");
        };
    }
}
