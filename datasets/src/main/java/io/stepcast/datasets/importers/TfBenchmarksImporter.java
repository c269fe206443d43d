package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
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
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The TensorFlow 1.x {@code tf_cnn_benchmarks} table of May 2017 (AWS p2.8xlarge, K80; TensorFlow
 * documentation, {@code tensorflow/docs_src/performance/benchmarks.md}).
 *
 * <p>Mapping ({@code docs/data-model.md}): framework {@code tensorflow}, dataset {@code imagenet}, hardware
 * = {@code gpu}, bandwidth = {@code network_gbps}, localBatch = {@code batch_per_gpu}, workers =
 * {@code gpus}, nodes = {@code machines}; {@code aws-distributed} -> SYNC_PS with {@code parameter_servers}
 * co-located shards; single server with {@code variable_update=parameter_server} -> SYNC_PS with 1
 * co-located server, or with one co-located shard per GPU when {@code local_parameter_device=gpu}
 * ({@code tf_cnn_benchmarks}' {@code VariableMgrLocalFetchFromPS} then places the variables over all the
 * GPUs with a {@code ParamServerDeviceSetter} each, least-loaded device first: tensorflow/benchmarks,
 * {@code scripts/tf_cnn_benchmarks/variable_mgr.py}); {@code replicated*} -> ALLREDUCE. {@code throughputSamplesPerS} =
 * {@code images_per_sec}; each published number is the mean of 5 runs, hence {@code runs = 5}. Tags
 * {@code platform}, {@code variable_update}, {@code data}, {@code local_parameter_device} (when given).
 */
public final class TfBenchmarksImporter extends SourceImporter {
    /** The one file of this source. */
    public static final String FILE = "tf_cnn_benchmarks_2017_aws_k80.csv";
    /** The importer's and source's name. */
    public static final String NAME = "tf-benchmarks";
    /** The source of the same page's tables of other machines, transcribed here ({@link #foreignTables()}). */
    public static final String FOREIGN = "foreign-tables";
    /** Its one file. */
    public static final String FOREIGN_FILE = "tf_docs_2017_single_server.csv";

    private final String file;
    /** True for a source that exists only in the jar: a data folder without it still reads the jar's copy. */
    private final boolean jarOnly;

    /** The one table. */
    public TfBenchmarksImporter() {
        this(NAME, FILE, false);
    }

    private TfBenchmarksImporter(String name, String file, boolean jarOnly) {
        super(DataSources.builtIn(name), "the tf_cnn_benchmarks table of 2017 (" + file + " or its folder)");
        this.file = file;
        this.jarOnly = jarOnly;
    }

    /**
     * The same page's single-server tables of two other machines, in this importer's format: NVIDIA DGX-1 with eight
     * P100 (system {@code dgx-1-p100}) and Google Compute Engine {@code n1-standard-32-k80x8} ({@code gcp-n1-k80}),
     * 1-8 GPUs, synthetic and real input data, with each model's {@code variable_update} and
     * {@code local_parameter_device} from the page's configuration tables (tensorflow/tensorflow commit
     * 5984ffefd320c5d71b801ee06079a51b91ea42c0, {@code tensorflow/docs_src/performance/benchmarks.md}, sections
     * "Details for NVIDIA DGX-1 (NVIDIA Tesla P100)" and "Details for Google Compute Engine (NVIDIA Tesla K80)",
     * tables "Training synthetic data", "Training real data" and their batch-32 "Other Results"). The page states
     * no network bandwidth for one server; {@code network_gbps} holds the catalog's NIC bandwidth of the system.
     * Transcribed for stepcast, it is not in {@code shared/data}: a data folder without {@code foreign-tables/}
     * reads the copy in the jar.
     */
    public static TfBenchmarksImporter foreignTables() {
        return new TfBenchmarksImporter(FOREIGN, FOREIGN_FILE, true);
    }

    @Override
    Optional<ImportedObservations> embedded() throws IOException {
        return Optional.of(readEmbedded());
    }

    @Override
    public ImportedObservations importAll(Path dataDir) throws IOException {
        if (jarOnly && !Files.isDirectory(dataDir.resolve(name()))) {
            return readEmbedded();
        }
        return super.importAll(dataDir);
    }

    /** Reads the table or its folder. */
    @Override
    public ImportedObservations read(Path input) throws IOException {
        Path file = Files.isDirectory(input) ? input.resolve(this.file) : input;
        if (!Files.isRegularFile(file)) {
            throw new FileNotFoundException(file + ": no such file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString(), file.getFileName().toString());
        }
    }

    /** The copy embedded in the jar. */
    public ImportedObservations readEmbedded() throws IOException {
        try (InputStream in = SourceFiles.embedded(name()).open(file)) {
            return read(in, "embedded " + name() + "/" + file, file);
        }
    }

    private ImportedObservations read(InputStream in, String display, String fileName) throws IOException {
        List<Observation> out = new ArrayList<>();
        String source = "tf-benchmarks:" + fileName;
        try (CsvReader csv = CsvReader.open(in, display)) {
            csv.require("platform", "gpu", "network_gbps", "variable_update", "local_parameter_device", "data",
                    "model", "batch_per_gpu", "gpus", "machines", "parameter_servers", "images_per_sec");
            for (CsvRow r = csv.next(); r != null; r = csv.next()) {
                String platform = r.requiredText("platform");
                String update = r.requiredText("variable_update");
                Architecture arch;
                int ps;
                if (platform.equals("aws-distributed")) {
                    arch = Architecture.SYNC_PS;
                    ps = r.positiveInteger("parameter_servers");
                } else if (update.equals("parameter_server")) {
                    arch = Architecture.SYNC_PS;
                    ps = variablesOnGpus(r) ? r.positiveInteger("gpus") : 1;
                } else if (update.startsWith("replicated")) {
                    arch = Architecture.ALLREDUCE;
                    ps = 0;
                } else {
                    throw DataFormatException.at(display, r.line(), "column 'variable_update': unknown value '"
                            + update + "' for platform " + platform);
                }
                Map<String, String> tags = new LinkedHashMap<>();
                tags.put("platform", platform);
                tags.put("variable_update", update);
                tags.put("data", r.requiredText("data"));
                if (r.has("local_parameter_device")) {
                    tags.put("local_parameter_device", r.text("local_parameter_device"));
                }
                try {
                    Config config = Config.builder()
                            .model(r.requiredText("model")).framework("tensorflow").dataset("imagenet")
                            .architecture(arch).parameterServers(ps).colocatedPs(arch.usesParameterServers())
                            .workers(r.positiveInteger("gpus")).nodes(r.positiveInteger("machines"))
                            .devicesPerWorker(1).tenants(1).hardware(r.requiredText("gpu"))
                            .bandwidthGbps(r.positive("network_gbps"))
                            .localBatch(r.positiveInteger("batch_per_gpu"))
                            .build();
                    Measurements m = Measurements.builder().throughputSamplesPerS(r.positive("images_per_sec"))
                            .runs(5).build();
                    out.add(new Observation(config, m, source, 0, tags));
                } catch (IllegalArgumentException e) {
                    throw r.invalid(e);
                }
            }
        }
        return ImportedObservations.of(out);
    }

    /** True when the row's parameter-server variables live on its GPUs rather than on the host's CPU. */
    private static boolean variablesOnGpus(CsvRow r) throws DataFormatException {
        return r.has("local_parameter_device") && "gpu".equals(r.text("local_parameter_device"));
    }
}
