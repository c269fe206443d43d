package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.catalog.DataSources;
import io.stepcast.datasets.io.CsvReader;
import io.stepcast.datasets.io.CsvRow;
import io.stepcast.datasets.io.DataFormatException;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The Pollux step-time traces (Qiao et al., "Pollux: Co-adaptive Cluster Scheduling for Goodput-Optimized
 * Deep Learning", OSDI 2021; {@code petuum/adaptdl} branch {@code osdi21-artifact}, {@code simulator/traces/}):
 * PyTorch all-reduce on AWS g4dn.12xlarge (T4), per job folder a {@code placements.csv} and a
 * {@code scalability.csv}.
 *
 * <p>Mapping ({@code docs/data-model.md}): workers = sum of the {@code placement} digits (or
 * {@code num_replicas}), nodes = number of digits (or {@code num_nodes}), localBatch = {@code local_bsz},
 * {@code stepTimeS} = {@code step_time}, {@code syncTimeS} = {@code sync_time}; tags {@code job},
 * {@code split} and, for placements, {@code placement}. The validation curves
 * ({@code validation-*.csv}) describe statistical efficiency, not speed, and are not read. A job folder
 * that is not one of the six published ones keeps its folder name as the model name.
 *
 * <p>The input may be the {@code pollux} folder (all jobs, in name order), one job folder, or one CSV file.
 */
public final class PolluxImporter extends SourceImporter {
    /** File of the placement sweep (up to 4 nodes). */
    public static final String PLACEMENTS = "placements.csv";
    /** File of the 6-16 node sweep. */
    public static final String SCALABILITY = "scalability.csv";

    /** The importer's and source's name. */
    public static final String NAME = "pollux";
    private static final String RAW =
            "https://raw.githubusercontent.com/petuum/adaptdl/c793c7089bd307462686339d29707925c461f9a9/";
    private static final DataSource SOURCE = DataSources.builtIn(NAME, path -> Optional.of(
            path.equals("LICENSE") ? RAW + "LICENSE" : RAW + "simulator/traces/" + path));

    private static final Map<String, String> MODELS = Map.of(
            "bert", "BERT", "cifar10", "ResNet-18", "deepspeech2", "DeepSpeech2",
            "imagenet", "ResNet-50", "ncf", "NCF", "yolov3", "YOLOv3");

    private final boolean placements;
    private final boolean scalability;

    /** Reads both splits. */
    public PolluxImporter() {
        this(true, true);
    }

    /** Reads the chosen splits only. */
    public PolluxImporter(boolean placements, boolean scalability) {
        super(SOURCE, "Pollux step-time traces (a placements.csv or scalability.csv, a job folder or the pollux folder)");
        this.placements = placements;
        this.scalability = scalability;
    }

    @Override
    Map<String, SourceImporter> parts() {
        Map<String, SourceImporter> m = new LinkedHashMap<>();
        m.put(NAME + "-placements", new PolluxImporter(true, false));
        m.put(NAME + "-scalability", new PolluxImporter(false, true));
        return m;
    }

    /** The model name of a Pollux job folder ({@code imagenet} is ResNet-50). */
    public static String modelOf(String job) {
        return MODELS.getOrDefault(job, job);
    }

    /** Reads the pollux folder, a job folder or one CSV file. */
    @Override
    public ImportedObservations read(Path input) throws IOException {
        List<Observation> out = new ArrayList<>();
        if (Files.isRegularFile(input)) {
            readFile(input, out);
        } else if (Files.isDirectory(input)) {
            if (Files.exists(input.resolve(PLACEMENTS)) || Files.exists(input.resolve(SCALABILITY))) {
                readJob(input, out);
            } else {
                List<Path> jobs;
                try (Stream<Path> s = Files.list(input)) {
                    jobs = s.filter(Files::isDirectory).sorted().toList();
                }
                for (Path job : jobs) {
                    readJob(job, out);
                }
                if (out.isEmpty()) {
                    throw new DataFormatException(input.toString(),
                            "no Pollux job folder with placements.csv or scalability.csv");
                }
            }
        } else {
            throw new FileNotFoundException(input + ": no such file or folder");
        }
        return ImportedObservations.of(out);
    }

    private void readJob(Path job, List<Observation> out) throws IOException {
        if (placements && Files.isRegularFile(job.resolve(PLACEMENTS))) {
            readFile(job.resolve(PLACEMENTS), out);
        }
        if (scalability && Files.isRegularFile(job.resolve(SCALABILITY))) {
            readFile(job.resolve(SCALABILITY), out);
        }
    }

    private void readFile(Path file, List<Observation> out) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        String job = parent.getFileName().toString();
        String fileName = file.getFileName().toString();
        String display = job + "/" + fileName;
        String source = "pollux:" + display;
        try (CsvReader csv = CsvReader.open(file, file.toString())) {
            boolean isPlacement = csv.columns().contains("placement");
            if (isPlacement) {
                csv.require("placement", "local_bsz", "step_time", "sync_time");
            } else {
                csv.require("num_nodes", "num_replicas", "local_bsz", "step_time", "sync_time");
            }
            for (CsvRow r = csv.next(); r != null; r = csv.next()) {
                int nodes;
                int replicas;
                String placement = null;
                if (isPlacement) {
                    placement = r.requiredText("placement");
                    nodes = placement.length();
                    replicas = 0;
                    for (char c : placement.toCharArray()) {
                        if (c < '1' || c > '9') {
                            throw DataFormatException.at(file.toString(), r.line(),
                                    "column 'placement' must be digits 1-9 (GPUs per node), was '" + placement + "'");
                        }
                        replicas += c - '0';
                    }
                } else {
                    nodes = r.positiveInteger("num_nodes");
                    replicas = r.positiveInteger("num_replicas");
                }
                try {
                    Config config = Config.builder()
                            .model(modelOf(job)).framework("pytorch").dataset(job)
                            .architecture(Architecture.ALLREDUCE).workers(replicas).nodes(nodes)
                            .placement(placement == null ? null : Placement.parse(placement))
                            .devicesPerWorker(1).tenants(1).hardware("T4")
                            .localBatch(r.positiveInteger("local_bsz"))
                            .build();
                    Measurements m = Measurements.builder()
                            .stepTimeS(r.positive("step_time"))
                            .syncTimeS(r.nonNegative("sync_time"))
                            .build();
                    Map<String, String> tags = placement == null
                            ? Map.of("job", job, "split", "scalability")
                            : Map.of("job", job, "split", "placements", "placement", placement);
                    out.add(new Observation(config, m, source, 0, tags));
                } catch (IllegalArgumentException e) {
                    throw r.invalid(e);
                }
            }
        }
    }
}
