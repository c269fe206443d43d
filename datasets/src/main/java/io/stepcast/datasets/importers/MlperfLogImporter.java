package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
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
 * BERT-large; any other is refused with the supported list); hardware and nodes = {@code submission_platform}, a count
 * of nodes of a catalogued system ({@code 8xNVIDIA DGX A100} is 8 nodes of {@code dgx-a100}), or {@code --hardware}
 * (a catalogued system; the nodes stay the platform's count); workers = nodes x the system's GPUs per node, or
 * {@code --workers}; batch per GPU = {@code global_batch_size} over the workers, run as one data-parallel layout in the
 * layout's default mixed precision (NVIDIA's closed-division runs train in float16: {@code --dtype float16},
 * {@code --fp16} on their command lines). Several logs of one system and batch (a submission's five or ten runs) are
 * one row, the median of their throughputs, with a note; tags {@code platform}, {@code runs},
 * {@code throughput_basis}. Parameter bytes = the zoo's parameters x the bytes of the {@code --dtype} a log's echoed
 * command line states (NVIDIA's MXNet ResNet-50: {@code --dtype float16}, whose Horovod all-reduce then carries
 * float16 gradients), tag {@code parameter_bytes_basis}; a log without {@code --dtype} (NVIDIA's PyTorch BERT) leaves
 * them to the predictors' defaults.
 *
 * <p>The platform names no GPU memory: {@code NVIDIA DGX A100} is the catalog's 40 GB system even where the
 * submission's system file says A100-SXM4-80GB; state it with {@code --hardware dgx-a100-80gb}.
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
                + "observation per system and benchmark (resnet, bert), the median of its runs (--hardware names the "
                + "system, --workers the GPUs, when the platform does not)";
    }

    @Override
    public Optional<DataSource> source() {
        return Optional.empty();
    }

    @Override
    public ImportedObservations importFile(Path input, ImportOptions options) throws IOException {
        List<Path> files = files(input);
        Map<String, List<Measured>> groups = new LinkedHashMap<>();
        Map<String, Machine> machines = new LinkedHashMap<>();
        for (Path f : files) {
            MlperfLog.Run run = MlperfLog.read(f);
            MlperfBenchmark benchmark = MlperfBenchmark.of(run);
            MlperfBenchmark.Throughput throughput = benchmark.throughput(run);
            Machine machine = machine(run, options);
            long global = run.globalBatch().orElseThrow(() -> new DataFormatException(f.toString(),
                    "no global_batch_size event: the batch per GPU is unknown")).value();
            String key = String.join("|", benchmark.name(), machine.platform(), machine.hardware(),
                    Integer.toString(machine.nodes()), Integer.toString(machine.gpus()), Long.toString(global));
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(new Measured(run, benchmark, throughput, global));
            machines.putIfAbsent(key, machine);
        }
        List<Observation> out = new ArrayList<>();
        LinkedHashSet<String> notes = new LinkedHashSet<>();
        for (Map.Entry<String, List<Measured>> g : groups.entrySet()) {
            Machine machine = machines.get(g.getKey());
            notes.addAll(machine.notes());
            out.add(observation(g.getValue(), machine, notes, parameterBytes(g.getValue().get(0))));
        }
        return new ImportedObservations(out, 0, List.copyOf(notes));
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
     * @param gpus     GPUs, all nodes together
     * @param notes    what was read how
     */
    private record Machine(String platform, String hardware, int nodes, int gpus, List<String> notes) {
    }

    private Machine machine(MlperfLog.Run run, ImportOptions options) throws DataFormatException {
        String where = run.file().toString();
        Optional<MlperfLog.At<String>> platform = run.platform();
        Optional<HardwareLabels.CountedSystem> counted = platform.flatMap(p -> labels.countedSystem(p.value()));
        List<String> notes = new ArrayList<>();
        String hardware;
        int nodes = counted.map(HardwareLabels.CountedSystem::nodes).orElse(1);
        if (options.hardware().isPresent()) {
            String stated = options.hardware().get();
            labels.unknownNote(stated).ifPresent(n -> notes.add("--hardware: " + n));
            hardware = labels.canonical(stated);
            platform.ifPresent(p -> notes.add("--hardware " + stated + " stands for the platform '" + p.value()
                    + "' of the logs" + counted.map(c -> ", whose " + c.nodes() + (c.nodes() == 1 ? " node" : " nodes")
                    + " it keeps").orElse("")));
        } else if (counted.isPresent()) {
            hardware = counted.get().system();
            notes.add("platform '" + platform.get().value() + "' is " + nodes + " node" + (nodes == 1 ? ""
                    : "s") + " of " + hardware);
        } else if (platform.isPresent() && labels.catalog().system(labels.canonical(platform.get().value()))
                .isPresent()) {
            hardware = labels.canonical(platform.get().value());
            notes.add("platform '" + platform.get().value() + "' states no node count; read as one node of "
                    + hardware);
        } else {
            String why = platform.map(p -> "submission_platform '" + p.value() + "' (line " + p.line()
                    + ") is no count of nodes of a catalogued system").orElse("the log has no submission_platform");
            throw new DataFormatException(where, why + ": pass --hardware SYSTEM (and --workers N for its GPUs)");
        }
        int gpus;
        if (options.workers().isPresent()) {
            gpus = options.workers().getAsInt();
        } else {
            Optional<SystemSpec> system = labels.catalog().system(hardware);
            if (system.isEmpty()) {
                throw new DataFormatException(where, "hardware '" + hardware + "' is not a catalogued system, so its "
                        + "GPUs per node are unknown: pass --workers N (the run's GPUs)");
            }
            gpus = nodes * system.get().devicesPerNode();
        }
        return new Machine(platform.map(MlperfLog.At::value).orElse(""), hardware, nodes, gpus, notes);
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
     * times the bytes of the log's {@code --dtype}; empty without one.
     */
    private Optional<GradientBytes> parameterBytes(Measured m) {
        Optional<MlperfLog.At<String>> dtype = m.run().dtype();
        if (dtype.isEmpty()) {
            return Optional.empty();
        }
        long parameters = zoo.find(m.benchmark().model()).orElseThrow().parameters();
        int bytes = dtype.get().value().equals("float16") ? 2 : 4;
        return Optional.of(new GradientBytes(parameters * bytes, m.benchmark().model() + "'s " + parameters
                + " parameters x " + bytes + " bytes (--dtype " + dtype.get().value() + " on line " + dtype.get().line()
                + ")"));
    }

    private static Observation observation(List<Measured> runs, Machine machine, LinkedHashSet<String> notes,
                                           Optional<GradientBytes> parameterBytes)
            throws DataFormatException {
        Measured first = runs.get(0);
        String where = first.run().file().toString();
        long global = first.global();
        if (global % machine.gpus() != 0) {
            throw DataFormatException.at(where, first.run().globalBatch().orElseThrow().line(), "global_batch_size "
                    + global + " is not a multiple of the run's " + machine.gpus() + " GPUs (" + machine.nodes()
                    + (machine.nodes() == 1 ? " node" : " nodes") + " of " + machine.hardware()
                    + "): pass --workers N");
        }
        List<Double> values = runs.stream().map(m -> m.throughput().samplesPerS()).toList();
        double throughput = MlperfBenchmark.median(values);
        if (runs.size() > 1) {
            double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
            notes.add(String.format(Locale.ROOT, "%d runs of %s on '%s' are one row, the median of their "
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
            Measurements m = Measurements.builder().throughputSamplesPerS(throughput).build();
            return new Observation(c.build(), m, source, 0, tags);
        } catch (IllegalArgumentException e) {
            throw new DataFormatException(where, e.getMessage());
        }
    }
}
