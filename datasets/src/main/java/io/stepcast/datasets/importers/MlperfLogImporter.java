package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.hardware.HardwareLabels;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.zoo.ZooCatalog;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * MLPerf Training result logs ({@code results/<system>/<benchmark>/result_N.txt}, as every submission publishes them;
 * a file, or a folder searched for {@code result_*.txt}) as observations: one row per system, benchmark and global
 * batch. The parsing is {@link MlperfLog}'s, the throughput of each benchmark {@link MlperfBenchmark}'s.
 *
 * <p>Mapping: model = the zoo's name of {@code submission_benchmark} ({@code resnet} -> ResNet-50, {@code bert} ->
 * BERT-large; any other is refused with the supported list, or, in a folder, skipped with a note); hardware and nodes =
 * {@code submission_platform}, a count of nodes of a catalogued system ({@code 8xNVIDIA DGX A100} is 8 nodes of
 * {@code dgx-a100}), with the hardware the submission's system file states ({@link MlperfSystemFile}) when the log lies
 * in a submission tree, or {@code --hardware} (a catalogued system, else refused with the closest ones; the nodes stay
 * the platform's count; over a folder whose logs name different systems it is refused naming two of them, since it
 * would relabel one GPU type as another); workers = nodes x the system's GPUs per node; {@code --workers} states the
 * GPUs only of a log whose platform (or system file) counts no nodes, which are then the GPUs over the GPUs per node,
 * rounded up, and a {@code --workers} that contradicts a stated count is refused naming both; batch per GPU =
 * {@code global_batch_size} over the workers,
 * run as one data-parallel layout in the layout's default mixed precision (NVIDIA's closed-division runs train in float16: {@code --dtype float16},
 * {@code --fp16} on their command lines). Several logs of one system and batch (a submission's five or ten runs) are
 * one row, the median of their throughputs, with a note, its {@code runs} the logs folded; a log without
 * {@code run_stop} (an unfinished run) is refused naming the file; tags {@code platform}, {@code runs},
 * {@code throughput_basis}. Parameter bytes = the zoo's parameters x the bytes of the {@code --dtype} a log's echoed
 * command line states (NVIDIA's MXNet ResNet-50: {@code --dtype float16}, whose Horovod all-reduce then carries
 * float16 gradients), else x 2 when the command line has {@code --allreduce_post_accumulation_fp16} (NVIDIA's PyTorch
 * BERT), tag {@code parameter_bytes_basis}; a log with neither leaves them to the predictors' defaults.
 *
 * <p>The platform names no GPU memory: {@code NVIDIA DGX A100} is the catalog's 40 GB system. A log at
 * {@code .../results/<system>/<benchmark>/result_N.txt} beside {@code .../systems/<system>.json} takes the catalogued
 * system of the file's {@code accelerators_per_node} x {@code accelerator_model_name} (A100-SXM4-80GB ->
 * {@code dgx-a100-80gb}), a note when it only adds the memory, a warning naming both when it names other GPUs than the
 * platform; elsewhere state it with {@code --hardware dgx-a100-80gb}. How the logs were read goes to
 * {@link ImportedObservations#information()}, what disagreed to {@link ImportedObservations#notes()}.
 */
public final class MlperfLogImporter implements ObservationImporter {
    /** The importer's name. */
    public static final String NAME = "mlperf-log";

    private final HardwareLabels labels;
    private final ModelCatalog zoo;

    /** Labels resolved in the embedded hardware catalog, models in the embedded zoo. */
    public MlperfLogImporter() {
        this(new HardwareLabels(), new ZooCatalog());
    }

    /** Labels resolved through {@code labels}, parameter counts from {@code zoo}. */
    public MlperfLogImporter(HardwareLabels labels, ModelCatalog zoo) {
        this.labels = labels;
        this.zoo = zoo;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "MLPerf Training result logs (:::MLLOG lines of result_N.txt; a file or a folder of them): one "
                + "observation per system and benchmark (resnet, bert), the median of its finished runs (--hardware "
                + "names the system of logs of one platform, --workers the GPUs of a log whose platform counts no "
                + "nodes)";
    }

    @Override
    public Optional<DataSource> source() {
        return Optional.empty();
    }

    @Override
    public ImportedObservations importFile(Path input, ImportOptions options) throws IOException {
        List<Path> files = files(input);
        boolean folder = Files.isDirectory(input);
        Map<String, List<Measured>> groups = new LinkedHashMap<>();
        Map<String, Machine> machines = new LinkedHashMap<>();
        LinkedHashSet<String> information = new LinkedHashSet<>();
        LinkedHashSet<String> warnings = new LinkedHashSet<>();
        Optional<String> hardware = stated(options);
        Map<String, MlperfLog.Run> relabelled = new LinkedHashMap<>();
        int skipped = 0;
        for (Path f : files) {
            MlperfLog.Run run = MlperfLog.read(f);
            Optional<MlperfBenchmark> found = MlperfBenchmark.find(run);
            if (found.isEmpty() && folder) {
                // A submission's results/ tree holds every benchmark it ran; those this importer cannot read are
                // skipped, each named, so that the supported ones of the tree still import.
                information.add(f + ":" + run.benchmark().line() + ": benchmark '" + run.benchmark().value()
                        + "' is not supported (mlperf-log reads " + MlperfBenchmark.supported() + "): skipped");
                skipped++;
                continue;
            }
            MlperfBenchmark benchmark = found.isPresent() ? found.get() : MlperfBenchmark.of(run);
            finished(run);
            if (hardware.isPresent()) {
                oneSystem(run, hardware.get(), relabelled);
            }
            MlperfBenchmark.Throughput throughput = benchmark.throughput(run);
            Machine machine = machine(run, hardware, options);
            long global = run.globalBatch().orElseThrow(() -> new DataFormatException(f.toString(),
                    "no global_batch_size event: the batch per GPU is unknown")).value();
            String key = String.join("|", benchmark.name(), machine.platform(), machine.hardware(),
                    Integer.toString(machine.nodes()), Integer.toString(machine.gpus()), Long.toString(global));
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(new Measured(run, benchmark, throughput, global));
            machines.putIfAbsent(key, machine);
        }
        if (groups.isEmpty()) {
            throw new DataFormatException(input.toString(), "no log of a supported benchmark in this folder ("
                    + skipped + (skipped == 1 ? " log" : " logs") + " of others skipped): mlperf-log reads "
                    + MlperfBenchmark.supported());
        }
        List<Observation> out = new ArrayList<>();
        for (Map.Entry<String, List<Measured>> g : groups.entrySet()) {
            Machine machine = machines.get(g.getKey());
            information.addAll(machine.information());
            warnings.addAll(machine.warnings());
            out.add(observation(g.getValue(), machine, information, parameterBytes(g.getValue().get(0))));
        }
        return new ImportedObservations(out, skipped, List.copyOf(warnings), List.copyOf(information));
    }

    /**
     * {@code --hardware} as the catalog names it; refused, naming the option and the catalog's closest systems, when it
     * is no catalogued system: the system's GPUs per node make the run's GPUs.
     */
    private Optional<String> stated(ImportOptions options) {
        if (options.hardware().isEmpty()) {
            return Optional.empty();
        }
        String label = options.hardware().get();
        HardwareCatalog catalog = labels.catalog();
        String name = labels.canonical(label);
        if (catalog.system(name).isPresent()) {
            return Optional.of(name);
        }
        // Systems only, never a GPU or a link: the importer needs the GPUs per node.
        List<String> close = catalog.closest(label, catalog.entries().size()).stream()
                .filter(n -> catalog.system(n).isPresent()).limit(3).toList();
        throw new IllegalArgumentException("--hardware: '" + label + "' is not a system of the hardware catalog ("
                + (close.isEmpty() ? "" : "closest: " + String.join(", ", close) + "; ")
                + "stepcast hardware list shows them)");
    }

    /**
     * Refuses a log without {@code run_stop}. A run that did not finish (the job killed, the log cut at a line
     * boundary) still parses, but its median throughput counts only the epochs logged, where the first ones (the
     * warm-up) weigh more: a log cut after two epochs of ResNet-50 reads well below the whole run. A warning would
     * leave that row in the file to be fitted on; a submission publishes every run's complete log, so the importer asks
     * for that instead. A {@code run_stop} of any status is accepted: an {@code aborted} run (v0.7's DGX-2H ResNet-50
     * result_0 stops so after the last epoch its command line allows) trained at its full speed to the end.
     */
    private static void finished(MlperfLog.Run run) throws DataFormatException {
        if (run.runStop().isEmpty()) {
            throw new DataFormatException(run.file().toString(), "no ':::MLLOG' run_stop event in its " + run.lines()
                    + " lines: an unfinished run or a cut log, whose throughput would count only the epochs logged; "
                    + "import the complete log");
        }
    }

    /**
     * Refuses {@code --hardware} over logs of different systems: it states one system for every log, and relabelling
     * one GPU type as another (DGX-2H logs as DGX A100) would make rows that never ran. Logs of one system on different
     * node counts ({@code 1xNVIDIA DGX A100}, {@code 8xNVIDIA DGX A100}) are one system. {@code seen} holds the first
     * log of each system read so far.
     */
    private void oneSystem(MlperfLog.Run run, String hardware, Map<String, MlperfLog.Run> seen)
            throws DataFormatException {
        String system = platformSystem(run);
        seen.putIfAbsent(system, run);
        if (seen.size() > 1) {
            MlperfLog.Run first = seen.values().iterator().next();
            throw new DataFormatException(run.file().toString(), "--hardware " + hardware + " would state one system "
                    + "for logs of different platforms: " + first.file() + " names " + platformWords(first)
                    + ", this log " + platformWords(run) + "; import each system's logs on their own");
        }
    }

    /** The system a log's platform names without its node count (or the platform as written; empty for none). */
    private String platformSystem(MlperfLog.Run run) {
        return run.platform().map(p -> labels.countedSystem(p.value()).map(HardwareLabels.CountedSystem::system)
                .orElseGet(() -> labels.canonical(p.value()))).orElse("");
    }

    private static String platformWords(MlperfLog.Run run) {
        return run.platform().map(p -> "the platform '" + p.value() + "'").orElse("no platform");
    }

    /** The logs to read: the file, or every {@code result_*.txt} under the folder, in name order. */
    private static List<Path> files(Path input) throws IOException {
        if (!Files.exists(input)) {
            throw new FileNotFoundException(input + ": no such file or folder");
        }
        if (!Files.isDirectory(input)) {
            return List.of(input);
        }
        List<Path> files;
        try (Stream<Path> s = Files.walk(input)) {
            files = s.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().toLowerCase(Locale.ROOT).matches("result_.*\\.txt"))
                    .sorted().toList();
        }
        if (files.isEmpty()) {
            throw new DataFormatException(input.toString(), "no result_*.txt file in this folder (MLPerf Training "
                    + "writes each run's log as results/<system>/<benchmark>/result_N.txt)");
        }
        return files;
    }

    /**
     * One run as read.
     *
     * @param run        the log
     * @param benchmark  its benchmark
     * @param throughput its throughput
     * @param global     its global batch
     */
    private record Measured(MlperfLog.Run run, MlperfBenchmark benchmark, MlperfBenchmark.Throughput throughput,
                            long global) {
    }

    /**
     * The machine a run names.
     *
     * @param platform the log's {@code submission_platform} (empty when it logs none)
     * @param hardware the catalog's name of the system
     * @param nodes    nodes
     * @param gpus        GPUs, all nodes together
     * @param information how the machine was read
     * @param warnings    what disagreed or was not found
     */
    private record Machine(String platform, String hardware, int nodes, int gpus, List<String> information,
                           List<String> warnings) {
    }

    /**
     * The machine of a run: {@code --hardware}; else the submission's system file beside the log, when it names a
     * catalogued GPU of a catalogued system (the platform label names no GPU memory); else the platform. The nodes are
     * the platform's count, else the system file's, else one.
     */
    private Machine machine(MlperfLog.Run run, Optional<String> stated, ImportOptions options) throws IOException {
        String where = run.file().toString();
        Optional<MlperfLog.At<String>> platform = run.platform();
        Optional<HardwareLabels.CountedSystem> counted = platform.flatMap(p -> labels.countedSystem(p.value()));
        List<String> information = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        String hardware;
        int nodes = counted.map(HardwareLabels.CountedSystem::nodes).orElse(1);
        // Who counted the nodes: the platform, else the system file; empty when neither did (one node is assumed).
        Optional<String> nodesFrom = counted.map(c -> "the platform '" + platform.get().value() + "'");
        if (stated.isPresent()) {
            hardware = stated.get();
            Optional<String> named = counted.map(HardwareLabels.CountedSystem::system)
                    .or(() -> platform.map(p -> labels.canonical(p.value())))
                    .filter(sys -> labels.catalog().system(sys).isPresent());
            if (named.isPresent() && !sameGpu(named.get(), hardware)) {
                // Stated on purpose perhaps, but a relabelled GPU type makes a row that never ran: say so.
                warnings.add("--hardware " + options.hardware().get() + " is " + hardware + " ("
                        + labels.catalog().system(hardware).orElseThrow().device() + "), the platform '"
                        + platform.get().value() + "' of " + where + " " + named.get() + " ("
                        + labels.catalog().system(named.get()).orElseThrow().device() + "): used --hardware's");
            }
            platform.ifPresent(p -> information.add("--hardware " + options.hardware().get() + " stands for the "
                    + "platform '" + p.value() + "' of the logs" + counted.map(c -> ", whose " + c.nodes()
                    + (c.nodes() == 1 ? " node" : " nodes") + " it keeps").orElse("")));
        } else {
            Optional<String> platformSystem = counted.map(HardwareLabels.CountedSystem::system)
                    .or(() -> platform.map(p -> labels.canonical(p.value()))
                            .filter(s -> labels.catalog().system(s).isPresent()));
            Optional<MlperfSystemFile> file = MlperfSystemFile.beside(run.file());
            Optional<String> fromFile = file.flatMap(f -> system(f, platformSystem, warnings));
            String platformWords = platform.map(p -> "platform '" + p.value() + "'").orElse("");
            if (fromFile.isPresent()) {
                MlperfSystemFile f = file.get();
                hardware = fromFile.get();
                if (counted.isEmpty()) {
                    nodes = f.nodes();
                    nodesFrom = Optional.of("the system file " + f.file());
                } else if (f.nodes() != nodes) {
                    warnings.add(f.file() + " says " + f.nodes() + " nodes, the " + platformWords + " of " + where
                            + " " + nodes + ": kept the platform's count");
                }
                String read = platformWords.isEmpty() ? "the log names no platform" : platformWords + " is " + nodes
                        + (nodes == 1 ? " node" : " nodes") + " of " + hardware;
                if (platformSystem.isPresent() && !platformSystem.get().equals(hardware)
                        && !sameGpu(platformSystem.get(), hardware)) {
                    warnings.add("the system file " + f.file() + " (" + f.described() + ") is " + hardware + ", the "
                            + platformWords + " " + platformSystem.get() + ": used the system file's (pass "
                            + "--hardware SYSTEM to choose)");
                } else {
                    information.add(read + ", as its system file " + f.file().getFileName() + " states ("
                            + f.described() + ")");
                }
            } else if (platformSystem.isPresent()) {
                hardware = platformSystem.get();
                information.add(counted.isPresent() ? platformWords + " is " + nodes + " node" + (nodes == 1 ? ""
                        : "s") + " of " + hardware : platformWords + " states no node count; read as one node of "
                        + hardware);
            } else {
                String why = platform.map(p -> "submission_platform '" + p.value() + "' (line " + p.line()
                        + ") is no count of nodes of a catalogued system").orElse("the log has no submission_platform");
                throw new DataFormatException(where, why + ": pass --hardware SYSTEM (and --workers N, the run's GPUs, "
                        + "for more than one node)");
            }
        }
        // Every branch above ends at a catalogued system, so its GPUs per node are known.
        int perNode = labels.catalog().system(hardware).orElseThrow().devicesPerNode();
        int gpus = nodes * perNode;
        if (options.workers().isPresent()) {
            int workers = options.workers().getAsInt();
            if (nodesFrom.isPresent() && workers != gpus) {
                throw new DataFormatException(where, "--workers " + workers + " contradicts " + nodesFrom.get()
                        + ": " + nodes + (nodes == 1 ? " node" : " nodes") + " of " + hardware + " are " + gpus
                        + " GPUs (--workers states the GPUs only of a log whose platform counts no nodes)");
            }
            if (nodesFrom.isEmpty()) {
                gpus = workers;
                nodes = (workers + perNode - 1) / perNode;
                information.add("--workers " + workers + " is " + nodes + (nodes == 1 ? " node" : " nodes") + " of "
                        + hardware + " (" + perNode + " GPUs per node): the log counts no nodes");
            }
        }
        return new Machine(platform.map(MlperfLog.At::value).orElse(""), hardware, nodes, gpus, information,
                warnings);
    }

    /**
     * The catalogued system a submission's system file describes: one of the catalog's systems of its
     * {@code accelerators_per_node} GPUs of its {@code accelerator_model_name}, the platform's system when it is one of
     * them; empty, with a warning, when the catalog has none.
     */
    private Optional<String> system(MlperfSystemFile file, Optional<String> platformSystem, List<String> warnings) {
        Optional<DeviceSpec> device = labels.catalog().device(file.acceleratorModel());
        if (device.isEmpty()) {
            warnings.add(file.file() + ": accelerator_model_name '" + file.accelerator() + "' is no catalogued GPU; "
                    + "the hardware is the platform's");
            return Optional.empty();
        }
        List<String> candidates = labels.catalog().systemsBuiltWith(List.of(device.get().name())).stream()
                .filter(s -> s.devicesPerNode() == file.acceleratorsPerNode()).map(SystemSpec::name).toList();
        if (candidates.isEmpty()) {
            warnings.add(file.file() + ": no catalogued system has " + file.acceleratorsPerNode() + " x "
                    + device.get().name() + " per node; the hardware is the platform's");
            return Optional.empty();
        }
        if (platformSystem.isPresent() && candidates.contains(platformSystem.get())) {
            return platformSystem;
        }
        if (candidates.size() > 1) {
            warnings.add(file.file() + ": the catalogued systems " + String.join(", ", candidates) + " all have "
                    + file.acceleratorsPerNode() + " x " + device.get().name() + " per node; took "
                    + candidates.get(0) + " (pass --hardware SYSTEM to choose)");
        }
        return Optional.of(candidates.get(0));
    }

    /**
     * True when two catalogued systems' GPUs differ at most in memory ({@code A100-SXM4-40GB} and
     * {@code A100-SXM4-80GB}): the system file then only adds what the platform label does not say.
     */
    private boolean sameGpu(String a, String b) {
        Optional<String> da = labels.catalog().system(a).map(SystemSpec::device);
        Optional<String> db = labels.catalog().system(b).map(SystemSpec::device);
        return da.isPresent() && db.isPresent() && da.get().replaceAll("-\\d+GB$", "")
                .equals(db.get().replaceAll("-\\d+GB$", ""));
    }

    /**
     * The gradients' bytes and how they were found.
     *
     * @param bytes parameter bytes
     * @param basis the zoo's count and the log's dtype
     */
    private record GradientBytes(long bytes, String basis) {
    }

    /**
     * The bytes of the gradients each step all-reduces, with how they were found: the zoo's parameters of the model
     * times the bytes of the log's {@code --dtype}, else 2 bytes when the log's command line has
     * {@code --allreduce_post_accumulation_fp16} (NVIDIA's BERT casts the accumulated gradients to float16 before its
     * all-reduce); empty without either.
     */
    private Optional<GradientBytes> parameterBytes(Measured m) {
        Optional<MlperfLog.At<String>> dtype = m.run().dtype();
        long parameters = zoo.find(m.benchmark().model()).orElseThrow().parameters();
        if (dtype.isEmpty()) {
            return m.run().allreduceFp16().stream().mapToObj(line -> new GradientBytes(parameters * 2,
                    m.benchmark().model() + "'s " + parameters + " parameters x 2 bytes "
                            + "(--allreduce_post_accumulation_fp16 on line " + line + ")")).findFirst();
        }
        int bytes = dtype.get().value().equals("float16") ? 2 : 4;
        return Optional.of(new GradientBytes(parameters * bytes, m.benchmark().model() + "'s " + parameters
                + " parameters x " + bytes + " bytes (--dtype " + dtype.get().value() + " on line " + dtype.get().line()
                + ")"));
    }

    private static Observation observation(List<Measured> runs, Machine machine, LinkedHashSet<String> information,
                                           Optional<GradientBytes> parameterBytes)
            throws DataFormatException {
        Measured first = runs.get(0);
        String where = first.run().file().toString();
        long global = first.global();
        if (global % machine.gpus() != 0) {
            throw DataFormatException.at(where, first.run().globalBatch().orElseThrow().line(), "global_batch_size "
                    + global + " is not a multiple of the run's " + machine.gpus() + " GPUs (" + machine.nodes()
                    + (machine.nodes() == 1 ? " node" : " nodes") + " of " + machine.hardware() + ")");
        }
        List<Double> values = runs.stream().map(m -> m.throughput().samplesPerS()).toList();
        double throughput = MlperfBenchmark.median(values);
        if (runs.size() > 1) {
            double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
            information.add(String.format(Locale.ROOT, "%d runs of %s on '%s' are one row, the median of their "
                    + "throughputs (%.1f to %.1f samples/s)", runs.size(), first.benchmark().model(),
                    machine.platform().isEmpty() ? machine.hardware() : machine.platform(), min, max));
        }
        int perGpu = Math.toIntExact(global / machine.gpus());
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("platform", machine.platform());
        tags.put("runs", Integer.toString(runs.size()));
        tags.put("throughput_basis", first.throughput().basis());
        parameterBytes.ifPresent(p -> tags.put("parameter_bytes_basis", p.basis()));
        String source = NAME + ":" + first.run().file().getFileName() + (runs.size() > 1 ? "+" + (runs.size() - 1)
                : "");
        try {
            Config.Builder c = Config.builder().model(first.benchmark().model()).architecture(Architecture.ALLREDUCE)
                    .nodes(machine.nodes()).hardware(machine.hardware())
                    .parallel(ParallelLayout.builderForGlobalBatch(1, 1, machine.gpus(), perGpu, global).build());
            first.benchmark().dataset().ifPresent(c::dataset);
            parameterBytes.ifPresent(p -> c.parameterBytes(p.bytes()));
            Measurements m = Measurements.builder().throughputSamplesPerS(throughput).runs(runs.size()).build();
            return new Observation(c.build(), m, source, 0, tags);
        } catch (IllegalArgumentException e) {
            throw new DataFormatException(where, e.getMessage());
        }
    }
}
