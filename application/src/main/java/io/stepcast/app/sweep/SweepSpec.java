package io.stepcast.app.sweep;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.InvalidField;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.hardware.HardwareLabels;
import io.stepcast.datasets.importers.GenericCsvImporter;
import io.stepcast.datasets.io.CsvRow;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.evaluation.engine.TaskSet;
import io.stepcast.evaluation.engine.TaskSource;
import io.stepcast.evaluation.protocol.ZooProfiles;
import io.stepcast.evaluation.suite.UserObservationFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A what-if sweep as a serializable recipe: which registered predictor (with its hyper-parameters), fitted on
 * which catalog source or user's file, predicts which target over which {@link SweepGrid}, with how many seeds.
 * Opening it reads the source, attaches its recorded and zoo profiles, builds the points in a fixed order (model,
 * mode, hardware, precision, bandwidth, intra-node bandwidth, policy, batch, the layout axes of {@link SweepLayout},
 * GPUs per node, cluster size) and gives their {@link SweepTasks}; a Spark executor opens the same recipe and gets the
 * same points. A grid with layout axes needs a predictor that reads layouts
 * ({@link Estimator#readsParallelLayout}), and each of its points is the generic CSV row of its columns.
 *
 * @param predictor       registered estimator name (found in the registry, never imported)
 * @param hyperParameters overrides of the estimator's hyper-parameters
 * @param train           observation catalog source the predictor is fitted on, or a user's observation file
 *                        ({@code .csv} in the generic format or {@code .parquet}; on Spark, readable by every
 *                        executor at the same path); the model zoo fills its missing parameter bytes
 * @param data            folder laid out like shared/data, or null for the embedded tables
 * @param target          step-time or throughput (any target the predictor offers)
 * @param seeds           seeds per point; a predictor with a {@code seed} hyper-parameter is fitted once per seed
 *                        ({@code seed, seed+1, ...})
 * @param grid            the axes
 */
public record SweepSpec(String predictor, Map<String, String> hyperParameters, String train, String data,
                        String target, int seeds, SweepGrid grid) implements TaskSource {
    private static final long serialVersionUID = 1L;

    public SweepSpec {
        hyperParameters = Map.copyOf(hyperParameters);
        if (seeds < 1) {
            throw new InvalidField("seeds", ": " + seeds + " is not at least 1");
        }
        try {
            Target.parse(target);
        } catch (IllegalArgumentException e) {
            // Named as the option or the grid file's field, as the other fields are (it named neither).
            throw new InvalidField("target", ": " + e.getMessage());
        }
    }

    @Override
    public TaskSet<?> open(PluginRegistry registry) throws IOException {
        return tasks(registry);
    }

    /** The sweep's tasks, one per point. */
    public SweepTasks tasks(PluginRegistry registry) throws IOException {
        Estimator base = registry.estimator(predictor);
        if (!hyperParameters.isEmpty()) {
            base = base.withHyperParameters(hyperParameters);
        }
        if (!grid.policy().isEmpty() && !base.hyperParameters().containsKey("policy")) {
            throw new InvalidField("policy", ": predictor " + predictor
                    + " has no hyper-parameter 'policy'");
        }
        List<String> layoutOptions = grid.layout().layoutOptions();
        if (!layoutOptions.isEmpty() && !base.readsParallelLayout()) {
            throw new IllegalArgumentException("sweep: " + layoutOptions.get(0) + ": predictor " + predictor
                    + " does not read parallel layouts (megatron-analytic and megatron-simulation do, and a learned one"
                    + " whose hyper-parameter features names a layout feature, e.g. --hp features=model,"
                    + "log2-global-batch,tensor-parallel,pipeline-parallel,data-parallel; predictors-ml/README.md)");
        }
        Target t = Target.parse(target);
        if (!base.targets().contains(t)) {
            throw new IllegalArgumentException("sweep: predictor " + predictor + " does not predict " + t.label());
        }
        List<String> notes = new ArrayList<>();
        // A label the catalog does not know is swept as written (a source's own labels are not the catalog's), but
        // told the catalogued names it may mean, as a file's label is.
        // The run's catalog: the embedded one with the user's hardware file when one is named.
        HardwareCatalog catalog = registry.service(HardwareCatalog.class).orElseGet(DefaultHardwareCatalog::new);
        HardwareLabels labels = new HardwareLabels(catalog);
        grid.hardware().stream().distinct()
                .forEach(h -> labels.unknownNote(h).ifPresent(n -> notes.add("--hardware '" + h + "': " + n)));
        TrainingSet training = training(registry, catalog, notes);
        Optional<ModelCatalog> models = registry.service(ModelCatalog.class);
        return new SweepTasks(this, base, training, t, points(training.observations(), models, catalog),
                notes);
    }

    /** True when {@code train} names a user's file ({@code .csv} or {@code .parquet}) rather than a catalog source. */
    public boolean trainsOnFile() {
        return UserObservationFiles.isObservationFile(train);
    }

    private TrainingSet training(PluginRegistry registry, HardwareCatalog hardware, List<String> notes)
            throws IOException {
        ProfileSource zoo = registry.service(ProfileSource.class).orElseGet(DefaultProfileSource::new);
        List<Observation> obs;
        List<Profile> recorded;
        if (trainsOnFile()) {
            ImportedObservations read = UserObservationFiles.readWithNotes(Path.of(train), Optional.of(hardware));
            read.notes().forEach(n -> notes.add(train + ": " + n));
            obs = UserObservationFiles.withZooParameterBytes(read.observations(), registry.service(ModelCatalog.class));
            recorded = List.of();
        } else {
            ObservationCatalog catalog = registry.service(ObservationCatalog.class)
                    .orElseGet(DefaultObservationCatalog::new);
            Optional<Path> dataDir = Optional.ofNullable(data).map(Path::of);
            try {
                obs = catalog.observations(train, dataDir);
                recorded = catalog.profiles(train, dataDir);
            } catch (IOException | RuntimeException e) {
                throw new IOException("--train " + train + ": " + e.getMessage(), e);
            }
        }
        if (obs.isEmpty()) {
            throw new IOException("--train " + train + ": " + (trainsOnFile() ? "the file" : "the source")
                    + " has no observations");
        }
        TrainingSet t = new TrainingSet(train, obs, recorded);
        return ZooProfiles.attach(new Split(train, t, List.of()), zoo).training();
    }

    /**
     * The grid's hardware labels: in the catalog's words when the training rows are a user's file, whose reader gave
     * its labels so ({@link HardwareLabels}), so that {@code --hardware DGX-1} meets a file's {@code dgx-1-v100}; as
     * written for a catalog source, whose importer keeps its own labels.
     */
    private List<String> gridHardware(HardwareCatalog catalog) {
        if (!trainsOnFile()) {
            return grid.hardware();
        }
        HardwareLabels labels = new HardwareLabels(catalog);
        return grid.hardware().stream().map(labels::canonical).toList();
    }

    /** Every point, in the sweep's fixed order. */
    List<SweepPoint> points(List<Observation> training, Optional<ModelCatalog> zoo, HardwareCatalog catalog) {
        List<SweepPoint> out = new ArrayList<>();
        for (String model : grid.models()) {
            Observation like = training.stream().filter(o -> o.config().model().equals(model)).findFirst()
                    .orElse(training.get(0));
            Config ref = like.config();
            List<String> modes = !grid.mode().isEmpty() ? grid.mode()
                    // A Megatron layout is an all-reduce job: the predictors that read layouts refuse any other, so a
                    // layout sweep on a source of parameter-server rows (tf-benchmarks) would answer no point.
                    : grid.layout().stated() ? List.of("allreduce") : List.of(ref.deployment().architecture().name());
            List<String> hardware = grid.hardware().isEmpty() ? List.of(ref.deployment().hardware()) : gridHardware(catalog);
            List<Links> links = links();
            List<Optional<String>> policies = orUnstated(grid.policy());
            List<Optional<String>> precisions = orUnstated(grid.precision());
            List<Integer> batches = grid.batch().isEmpty() ? List.of(ref.localBatch()) : grid.batch();
            Map<String, Long> bytes = new LinkedHashMap<>();
            zoo.flatMap(z -> z.find(model)).ifPresent(m -> bytes.put(model, m.parameterBytes()));
            for (String mode : modes) {
                Architecture arch = architecture(mode);
                for (String hw : hardware) {
                    List<Integer> nodeSizes = gpusPerNode(hw, catalog);
                    for (Optional<String> precision : precisions) {
                        for (Links l : links) {
                            for (Optional<String> policy : policies) {
                                if (grid.layout().stated()) {
                                    for (Optional<Integer> batch : orUnstated(grid.batch())) {
                                        for (SweepLayoutPoint lp : grid.layout().points()) {
                                            for (int gpn : nodeSizes) {
                                                for (int size : sizes()) {
                                                    // Neither batch axis: the training row's global batch (a
                                                    // layout's local batch is a replica's, which changes with the
                                                    // data parallelism).
                                                    SweepLayoutPoint at = batch.isEmpty() && lp.globalBatch().isEmpty()
                                                            ? lp.withGlobalBatch(ref.globalBatch()) : lp;
                                                    out.add(layoutPoint(new Axes(model, ref, mode, hw, gpn, size,
                                                            precision, l, policy, batch), zoo, at, catalog));
                                                }
                                            }
                                        }
                                    }
                                    continue;
                                }
                                for (int batch : batches) {
                                    for (int gpn : nodeSizes) {
                                        for (int size : sizes()) {
                                            Config.Builder b = point(model, ref, arch, hw, batch, gpn, size, precision);
                                            // The training rows' bytes of the model before the zoo's: a model
                                            // named as a zoo model may be sized otherwise in the user's rows.
                                            if (ref.model().equals(model)
                                                    && ref.workload().parameterBytes().isPresent()) {
                                                b.parameterBytes(ref.workload().parameterBytes());
                                            } else if (bytes.containsKey(model)) {
                                                b.parameterBytes(bytes.get(model));
                                            }
                                            l.nic().ifPresent(b::bandwidthGbps);
                                            l.intra().ifPresent(b::intraNodeGbps);
                                            out.add(new SweepPoint(b.build(), gpn, policy));
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The cluster sizes: the workers, or else the nodes. */
    private List<Integer> sizes() {
        return grid.workers().isEmpty() ? grid.nodes() : grid.workers();
    }

    /** The data-parallel axes of one point of a sweep with layout axes. */
    private record Axes(String model, Config ref, String mode, String hardware, int gpusPerNode, int size,
                        Optional<String> precision, Links links, Optional<String> policy,
                        Optional<Integer> batch) {
    }

    /**
     * A point of a sweep with layout axes: its row in the generic CSV's columns, read by
     * {@link GenericCsvImporter#config} as {@code predict} reads a user's row, so that the point and the same row of a
     * file are one configuration. Its GPUs are the sweep's workers (or nodes x GPUs per node), its data parallelism
     * those over tensor x context x pipeline; a layout that does not divide them, or a row the reader refuses, makes
     * a refused point whose reason names the option.
     */
    private SweepPoint layoutPoint(Axes a, Optional<ModelCatalog> zoo, SweepLayoutPoint lp, HardwareCatalog catalog) {
        int gpus = grid.workers().isEmpty() ? a.size() * a.gpusPerNode() : a.size();
        int nodes = grid.workers().isEmpty() ? a.size() : (gpus + a.gpusPerNode() - 1) / a.gpusPerNode();
        Config.Builder standIn = Config.builder().model(a.model()).framework(a.ref().workload().framework())
                .dataset(a.ref().workload().dataset()).architecture(architecture(a.mode())).workers(gpus).nodes(nodes)
                .hardware(a.hardware()).localBatch(1);
        a.links().nic().ifPresent(standIn::bandwidthGbps);
        a.links().intra().ifPresent(standIn::intraNodeGbps);
        // The precision the point's row would state, on a one-GPU-per-replica layout: the one asked for, else with a
        // layout the generic CSV's default (so that a refused point's column matches its answered neighbours').
        Optional<Precision> precision = a.precision().map(p -> Precision.parse(p, "precision"))
                .or(() -> lp.layoutStated() ? Optional.of(ParallelLayout.DEFAULT_PRECISION) : Optional.empty());
        precision.ifPresent(p -> standIn.parallel(ParallelLayout.builder(1, 1, gpus, 1, 1).precision(p).build()));
        int replica = lp.replicaGpus();
        if (gpus % replica != 0) {
            return new SweepPoint(standIn.build(), a.gpusPerNode(), a.policy(), Optional.of(lp),
                    Optional.of(replicaProduct(lp) + " = " + replica + " GPUs per replica do not divide the " + gpus
                            + " GPUs"));
        }
        Map<String, String> cells = new LinkedHashMap<>();
        cells.put("model", a.model());
        cells.put("architecture", a.mode());
        cells.put("workers", Integer.toString(gpus / replica));
        cells.put("nodes", Integer.toString(nodes));
        cells.put("gpus_per_node", Integer.toString(a.gpusPerNode()));
        cells.put("hardware", a.hardware());
        cells.put("framework", a.ref().workload().framework());
        cells.put("dataset", a.ref().workload().dataset());
        a.precision().ifPresent(p -> cells.put("precision", p));
        a.links().nic().ifPresent(v -> cells.put("bandwidth_gbps", v.toString()));
        a.links().intra().ifPresent(v -> cells.put("intra_node_gbps", v.toString()));
        a.batch().ifPresent(v -> cells.put("local_batch", v.toString()));
        cells.putAll(lp.cells());
        Map<String, Integer> header = new LinkedHashMap<>();
        cells.keySet().forEach(k -> header.put(k, header.size()));
        try {
            Config.Builder b = GenericCsvImporter.config(new CsvRow("sweep", 1, header, List.copyOf(cells.values())),
                    catalog);
            Config read = b.build();
            Optional<String> misfit = read.parallel().flatMap(p -> zoo.flatMap(z -> z.find(read.model()))
                    .flatMap(m -> m.transformer()).flatMap(shape -> SweepModelFit.refusal(read.model(), shape, p)));
            if (misfit.isPresent()) {
                return new SweepPoint(standIn.build(), a.gpusPerNode(), a.policy(), Optional.of(lp), misfit);
            }
            // The training rows' bytes of the model before the zoo's, as for a data-parallel point.
            if (a.ref().model().equals(read.model()) && a.ref().workload().parameterBytes().isPresent()) {
                b.parameterBytes(a.ref().workload().parameterBytes());
            } else {
                // The model the row names, which a sequence length may have made the zoo's variant of another.
                zoo.flatMap(z -> z.find(read.model())).ifPresent(m -> b.parameterBytes(m.parameterBytes()));
            }
            return new SweepPoint(b.build(), a.gpusPerNode(), a.policy(), Optional.of(lp), Optional.empty());
        } catch (DataFormatException | IllegalArgumentException e) {
            return new SweepPoint(standIn.build(), a.gpusPerNode(), a.policy(), Optional.of(lp),
                    Optional.of(SweepLayoutPoint.inOptions(e)));
        }
    }

    /** "--tensor-parallel 8 x --pipeline-parallel 3", the options that make a replica's GPUs. */
    private static String replicaProduct(SweepLayoutPoint lp) {
        List<String> parts = new ArrayList<>();
        lp.tensorParallel().ifPresent(v -> parts.add("--tensor-parallel " + v));
        lp.contextParallel().ifPresent(v -> parts.add("--context-parallel " + v));
        lp.pipelineParallel().ifPresent(v -> parts.add("--pipeline-parallel " + v));
        return String.join(" x ", parts);
    }

    /**
     * The GPUs per node of the points on {@code hardware}: the grid's, or when it states none the node size of the
     * one catalogued system the label names (as {@code simulate} places its workers), else 1. A sweep of
     * {@code --workers 8 --hardware "NVIDIA DGX A100 (8x A100 40GB)"} is one node, not eight of one GPU each.
     */
    private List<Integer> gpusPerNode(String hardware, HardwareCatalog catalog) {
        if (!grid.gpusPerNode().isEmpty()) {
            return grid.gpusPerNode();
        }
        return List.of(catalog.find(hardware).filter(SystemSpec.class::isInstance)
                .map(e -> ((SystemSpec) e).devicesPerNode()).orElse(1));
    }

    /** The stated link bandwidths of one point: the NIC's and the ring's inside a node, each unstated when empty. */
    private record Links(Optional<Double> nic, Optional<Double> intra) {
    }

    /** Every pair of the bandwidth and intra-node bandwidth axes, the bandwidth outer (an empty axis: unstated). */
    private List<Links> links() {
        List<Links> out = new ArrayList<>();
        for (Optional<Double> n : orUnstated(grid.bandwidth())) {
            for (Optional<Double> i : orUnstated(grid.intraNodeGbps())) {
                out.add(new Links(n, i));
            }
        }
        return out;
    }

    /** An axis's values, or the one value "unstated" when the axis is empty. */
    private static <T> List<Optional<T>> orUnstated(List<T> axis) {
        return axis.isEmpty() ? List.of(Optional.empty()) : axis.stream().map(Optional::of).toList();
    }

    /**
     * A point's configuration: cluster size as workers (nodes from GPUs per node) or as nodes x GPUs per node; a
     * stated precision as the generic CSV reads its {@code precision} column, a data-parallel layout at it.
     */
    private Config.Builder point(String model, Config ref, Architecture arch, String hw, int batch, int gpn, int size,
                                 Optional<String> precision) {
        int workers = grid.workers().isEmpty() ? size * gpn : size;
        int nodes = grid.workers().isEmpty() ? size : (workers + gpn - 1) / gpn;
        Config.Builder b = Config.builder().model(model).framework(ref.workload().framework())
                .dataset(ref.workload().dataset()).architecture(arch).workers(workers).nodes(nodes).hardware(hw)
                .localBatch(batch);
        precision.ifPresent(p -> b.parallel(ParallelLayout.builder(1, 1, workers, batch, 1)
                .precision(Precision.parse(p, "precision")).build()));
        return b;
    }

    private static Architecture architecture(String mode) {
        try {
            return Architecture.valueOf(mode.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new InvalidField("mode", ": '" + mode + "' is not async-ps, sync-ps or allreduce");
        }
    }
}
