package io.stepcast.datasets.importers;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.catalog.DataSources;
import io.stepcast.datasets.io.DataFormatException;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gavel's throughput tables (Narayanan et al., "Heterogeneity-Aware Cluster Scheduling Policies for Deep
 * Learning Workloads", OSDI 2020; {@code stanford-futuredata/gavel}, {@code scheduler/*.json}).
 *
 * <p>Shape: {@code {gpu_type: {"('<job type>', scale_factor)": {"null": steps_per_s,
 * "('<other job>', k)": [this, other]}}}}. Mapping ({@code docs/data-model.md}): model and per-worker
 * batch from the job type ({@code 'ResNet-18 (batch size 16)'}); workers = scale factor; hardware = the
 * GPU type without {@code _unconsolidated}; packed -> 1 node, tag {@code placement=packed}; spread
 * ({@code _unconsolidated}) -> one GPU per server, tag {@code placement=spread}; all-reduce; the job alone
 * ({@code null}) -> 1 tenant; a pair -> 2 tenants and tag {@code co_runner=<other job type>|<k>}, this job's
 * rate being the first number. {@code stepTimeS} = workers / steps_per_s (the published rate is summed
 * over the workers). Entries of 0.0 steps/s (the pair did not fit) are skipped and counted in
 * {@link ImportedObservations#skipped()}.
 *
 * <p>Our choices: {@code A3C} and {@code CycleGAN} name no batch size; Gavel runs them with one sample
 * (episode or image pair) per step, so their local batch is 1 and they carry the tag
 * {@code batch=implicit}. The dataset is the one Gavel's paper trains the model on (Table 2). Tag
 * {@code job_type} keeps the full job type.
 */
public final class GavelImporter extends SourceImporter {
    /** Gavel's simulator table. */
    public static final String SIMULATION = "simulation_throughputs.json";
    /** Gavel's physical-cluster table. */
    public static final String PHYSICAL = "physical_cluster_throughputs.json";

    /** The importer's and source's name. */
    public static final String NAME = "gavel";
    private static final String RAW =
            "https://raw.githubusercontent.com/stanford-futuredata/gavel/c4fa40097339e9608ab71fd64c8bdea96a5e4a4c/";
    private static final DataSource SOURCE = DataSources.builtIn(NAME, path -> Optional.of(
            path.equals("LICENSE") ? RAW + "LICENSE" : RAW + "scheduler/" + path));

    private static final Pattern KEY = Pattern.compile("^\\('(.+)',\\s*(\\d+)\\)$");
    private static final Pattern JOB = Pattern.compile("^(.*?)\\s*\\(batch size (\\d+)\\)$");
    private static final String UNCONSOLIDATED = "_unconsolidated";
    private static final Map<String, String> DATASETS = Map.of(
            "ResNet-18", "cifar10", "ResNet-50", "imagenet", "Transformer", "multi30k", "LM", "wikitext-2",
            "Recommendation", "ml-20m", "A3C", "pong", "CycleGAN", "monet2photo");

    private final boolean simulation;
    private final boolean physical;

    /** Reads both tables when given the folder. */
    public GavelImporter() {
        this(true, true);
    }

    /** Reads only the chosen tables when given the folder. */
    public GavelImporter(boolean simulation, boolean physical) {
        super(SOURCE, "Gavel throughput tables (a *_throughputs.json or the gavel folder)");
        this.simulation = simulation;
        this.physical = physical;
    }

    @Override
    Map<String, SourceImporter> parts() {
        Map<String, SourceImporter> m = new LinkedHashMap<>();
        m.put(NAME + "-simulation", new GavelImporter(true, false));
        m.put(NAME + "-physical", new GavelImporter(false, true));
        return m;
    }

    /** Reads the gavel folder (the chosen tables) or one table. */
    @Override
    public ImportedObservations read(Path input) throws IOException {
        List<Observation> out = new ArrayList<>();
        int[] skipped = {0};
        if (Files.isDirectory(input)) {
            boolean any = false;
            if (simulation && Files.isRegularFile(input.resolve(SIMULATION))) {
                readFile(input.resolve(SIMULATION), out, skipped);
                any = true;
            }
            if (physical && Files.isRegularFile(input.resolve(PHYSICAL))) {
                readFile(input.resolve(PHYSICAL), out, skipped);
                any = true;
            }
            if (!any) {
                throw new DataFormatException(input.toString(), "no " + SIMULATION + " or " + PHYSICAL + " in this folder");
            }
        } else if (Files.isRegularFile(input)) {
            readFile(input, out, skipped);
        } else {
            throw new FileNotFoundException(input + ": no such file or folder");
        }
        List<String> notes = skipped[0] == 0 ? List.of()
                : List.of(skipped[0] + " entries with 0.0 steps/s (the jobs did not fit together) skipped");
        return new ImportedObservations(out, skipped[0], notes);
    }

    private void readFile(Path file, List<Observation> out, int[] skipped) throws IOException {
        String fileName = file.getFileName().toString();
        String source = "gavel:" + fileName;
        String fileTag = fileName.startsWith("physical") ? "physical" : "simulation";
        String where = file.toString();
        JsonNode root;
        try (InputStream in = Files.newInputStream(file)) {
            if (Files.size(file) == 0) {
                throw new DataFormatException(where, "the file is empty (a Gavel throughput JSON object was expected)");
            }
            root = new ObjectMapper().readTree(in);
        } catch (com.fasterxml.jackson.core.io.JsonEOFException e) {
            throw new DataFormatException(where + ":" + e.getLocation().getLineNr(), "the JSON ends too early", e);
        } catch (JsonParseException e) {
            throw new DataFormatException(where + ":" + e.getLocation().getLineNr(),
                    "not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new DataFormatException(where, "expected a JSON object of GPU types");
        }
        for (Iterator<Map.Entry<String, JsonNode>> gpus = root.fields(); gpus.hasNext(); ) {
            Map.Entry<String, JsonNode> gpu = gpus.next();
            String gpuType = gpu.getKey();
            boolean spread = gpuType.endsWith(UNCONSOLIDATED);
            String hardware = spread ? gpuType.substring(0, gpuType.length() - UNCONSOLIDATED.length()) : gpuType;
            if (!gpu.getValue().isObject()) {
                throw new DataFormatException(where + " field " + gpuType, "expected an object of job types");
            }
            for (Iterator<Map.Entry<String, JsonNode>> jobs = gpu.getValue().fields(); jobs.hasNext(); ) {
                Map.Entry<String, JsonNode> job = jobs.next();
                String field = gpuType + " / " + job.getKey();
                Matcher km = KEY.matcher(job.getKey());
                if (!km.matches()) {
                    throw new DataFormatException(where + " field " + field,
                            "expected a key like \"('ResNet-18 (batch size 16)', 1)\"");
                }
                String jobType = km.group(1);
                int workers = Integer.parseInt(km.group(2));
                if (!job.getValue().isObject()) {
                    throw new DataFormatException(where + " field " + field, "expected an object of co-runners");
                }
                for (Iterator<Map.Entry<String, JsonNode>> entries = job.getValue().fields(); entries.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = entries.next();
                    String entryField = field + " / " + e.getKey();
                    double rate;
                    Map<String, String> tags = new LinkedHashMap<>();
                    int tenants;
                    if ("null".equals(e.getKey())) {
                        rate = number(e.getValue(), where, entryField);
                        tenants = 1;
                    } else {
                        Matcher om = KEY.matcher(e.getKey());
                        JsonNode v = e.getValue();
                        if (!om.matches() || !v.isArray() || v.size() != 2) {
                            throw new DataFormatException(where + " field " + entryField,
                                    "expected \"('<job type>', k)\": [this job's steps/s, the other's]");
                        }
                        rate = number(v.get(0), where, entryField);
                        number(v.get(1), where, entryField);
                        tenants = 2;
                        tags.put("co_runner", om.group(1) + "|" + om.group(2));
                    }
                    if (rate == 0.0) {
                        skipped[0]++;
                        continue;
                    }
                    tags.put("placement", spread ? "spread" : "packed");
                    tags.put("file", fileTag);
                    tags.put("job_type", jobType);
                    out.add(observation(jobType, workers, spread, hardware, tenants, rate, source, tags,
                            where + " field " + entryField));
                }
            }
        }
    }

    private static Observation observation(String jobType, int workers, boolean spread, String hardware, int tenants,
                                           double stepsPerS, String source, Map<String, String> tags, String where)
            throws DataFormatException {
        Matcher jm = JOB.matcher(jobType);
        String model;
        int batch;
        if (jm.matches()) {
            model = jm.group(1);
            batch = Integer.parseInt(jm.group(2));
        } else {
            model = jobType;
            batch = 1;
            tags.put("batch", "implicit");
        }
        try {
            Config config = Config.builder()
                    .model(model).framework("pytorch").dataset(DATASETS.get(model))
                    .architecture(Architecture.ALLREDUCE).workers(workers).nodes(spread ? workers : 1)
                    .devicesPerWorker(1).tenants(tenants).hardware(hardware.toLowerCase(Locale.ROOT))
                    .localBatch(batch).build();
            Measurements m = Measurements.builder().stepTimeS(workers / stepsPerS).build();
            return new Observation(config, m, source, 0, tags);
        } catch (IllegalArgumentException e) {
            throw new DataFormatException(where, e.getMessage());
        }
    }

    private static double number(JsonNode v, String where, String field) throws DataFormatException {
        if (v == null || !v.isNumber()) {
            throw new DataFormatException(where + " field " + field, "expected a number of steps/s, found " + v);
        }
        double d = v.asDouble();
        if (!Double.isFinite(d) || d < 0) {
            throw new DataFormatException(where + " field " + field, "steps/s must be a non-negative number, was " + d);
        }
        return d;
    }
}
