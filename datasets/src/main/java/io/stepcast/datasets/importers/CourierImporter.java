package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
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
 * The Courier study's tables (Albo Martinez, Bobde, Motyka, Chen, "Courier: Real-Time Optimal Batch Size
 * Prediction for Latency SLOs in BigDL", ICPE 2021; {@code sharwinbobde/Courier-BigDL-Study}): BigDL 0.11
 * on Spark, LeNet-5 and a 784-128-10 MLP on MNIST, 1-core executors on 3 worker VMs of Google Compute
 * Engine.
 *
 * <p>Mapping ({@code docs/data-model.md}): framework {@code bigdl}, dataset {@code mnist}, ALLREDUCE,
 * workers = {@code cpu}, nodes = min(cpu, 3), tenants = {@code njobs}, hardware {@code gce}; the batch is
 * global, so localBatch = batch / cpu (refused when not a whole number). Three tables, each its own
 * {@link Table}: {@code response_time_cells.csv} (48 rows, model {@code courier-mixed}, 6 runs, standard
 * deviation of the response time), {@code batch_njobs_means.csv} (12 rows averaged over cpu and network:
 * 1 worker, localBatch = batch, 24 runs, accuracy, utilisation = CPU % / 100) and
 * {@code evaluation_runs.csv} (15 live runs, model {@code lenet5} or {@code mlp}, tags {@code slo_s},
 * {@code chosen_batch}, {@code job}, {@code note}). Tag {@code table} = {@code cells},
 * {@code batch_njobs} or {@code live}.
 */
public final class CourierImporter extends SourceImporter {
    /** Model name of rows averaged over both networks. */
    public static final String MIXED = "courier-mixed";
    /** Worker VMs of the Courier cluster. */
    public static final int WORKER_VMS = 3;
    /** The importer's and source's name. */
    public static final String NAME = "courier";
    private static final DataSource SOURCE = DataSources.builtIn(NAME);

    /** The three observation tables of the Courier study. */
    public enum Table {
        /** cpu x batch x njobs cells. */
        CELLS("response_time_cells.csv", "cells"),
        /** batch x njobs means with accuracy and utilisation. */
        BATCH_NJOBS("batch_njobs_means.csv", "batch_njobs"),
        /** the live test of Courier's selection. */
        LIVE("evaluation_runs.csv", "live");

        private final String file;
        private final String tag;

        Table(String file, String tag) {
            this.file = file;
            this.tag = tag;
        }

        /** The CSV file name. */
        public String file() {
            return file;
        }

        /** The value of the {@code table} tag. */
        public String tag() {
            return tag;
        }
    }

    private final List<Table> tables;

    /** All three tables. */
    public CourierImporter() {
        this(List.of(Table.values()));
    }

    /** The chosen tables only. */
    public CourierImporter(List<Table> tables) {
        super(SOURCE, "the Courier study's tables (one of its CSV files or the courier folder)");
        this.tables = List.copyOf(tables);
    }

    @Override
    Map<String, SourceImporter> parts() {
        Map<String, SourceImporter> m = new LinkedHashMap<>();
        m.put(NAME + "-cells", new CourierImporter(List.of(Table.CELLS)));
        m.put(NAME + "-batch-njobs", new CourierImporter(List.of(Table.BATCH_NJOBS)));
        m.put(NAME + "-live", new CourierImporter(List.of(Table.LIVE)));
        return m;
    }

    @Override
    Optional<ImportedObservations> embedded() throws IOException {
        return Optional.of(readEmbedded());
    }

    /** The model of a Courier network name: {@code simplenet} is the 784-128-10 MLP. */
    public static String modelOf(String network) {
        return switch (network) {
            case "lenet5" -> "lenet5";
            case "simplenet", "mlp" -> "mlp";
            default -> network;
        };
    }

    /** Reads one of the tables or the courier folder (the chosen tables). */
    @Override
    public ImportedObservations read(Path input) throws IOException {
        if (Files.isRegularFile(input)) {
            String name = input.getFileName().toString();
            for (Table t : Table.values()) {
                if (t.file().equals(name)) {
                    try (InputStream in = Files.newInputStream(input)) {
                        return ImportedObservations.of(read(t, in, input.toString()));
                    }
                }
            }
            throw new DataFormatException(input.toString(), "not a Courier observation table (expected one of "
                    + Table.CELLS.file() + ", " + Table.BATCH_NJOBS.file() + ", " + Table.LIVE.file() + ")");
        }
        if (!Files.isDirectory(input)) {
            throw new FileNotFoundException(input + ": no such file or folder");
        }
        return read(SourceFiles.folder(input), input + "/");
    }

    /** The copy embedded in the jar. */
    public ImportedObservations readEmbedded() throws IOException {
        return read(SourceFiles.embedded("courier"), "embedded courier/");
    }

    private ImportedObservations read(SourceFiles files, String prefix) throws IOException {
        List<Observation> out = new ArrayList<>();
        for (Table t : tables) {
            try (InputStream in = files.open(t.file())) {
                out.addAll(read(t, in, prefix + t.file()));
            }
        }
        return ImportedObservations.of(out);
    }

    private List<Observation> read(Table table, InputStream in, String display) throws IOException {
        List<Observation> out = new ArrayList<>();
        String source = "courier:" + table.file();
        try (CsvReader csv = CsvReader.open(in, display)) {
            switch (table) {
                case CELLS -> csv.require("cpu", "batch", "njobs", "runs", "mean_time_s", "sd_time_s");
                case BATCH_NJOBS -> csv.require("batch", "njobs", "runs", "mean_time_s", "mean_final_accuracy",
                        "mean_cpu_util_pct");
                case LIVE -> csv.require("job", "cpu", "njobs", "network", "slo_s", "chosen_batch", "replication",
                        "measured_time_s", "final_accuracy", "note");
            }
            for (CsvRow r = csv.next(); r != null; r = csv.next()) {
                try {
                    out.add(switch (table) {
                        case CELLS -> cell(r, source);
                        case BATCH_NJOBS -> batchNjobs(r, source);
                        case LIVE -> live(r, source);
                    });
                } catch (IllegalArgumentException e) {
                    throw r.invalid(e);
                }
            }
        }
        return out;
    }

    private static Config.Builder job(CsvRow r, String model, int cpu, int globalBatch) throws DataFormatException {
        if (globalBatch % cpu != 0) {
            throw DataFormatException.at(r.file(), r.line(), "the global batch " + globalBatch
                    + " is not a multiple of cpu " + cpu);
        }
        return Config.builder().model(model).framework("bigdl").dataset("mnist")
                .architecture(Architecture.ALLREDUCE).workers(cpu).nodes(Math.min(cpu, WORKER_VMS))
                .devicesPerWorker(1).tenants(r.positiveInteger("njobs")).hardware("gce")
                .localBatch(globalBatch / cpu);
    }

    private static Observation cell(CsvRow r, String source) throws DataFormatException {
        int cpu = r.positiveInteger("cpu");
        Config c = job(r, MIXED, cpu, r.positiveInteger("batch")).build();
        Measurements m = Measurements.builder().responseTimeS(r.positive("mean_time_s"))
                .runs(r.positiveInteger("runs"))
                .standardDeviation(Target.RESPONSE_TIME, r.nonNegative("sd_time_s")).build();
        return new Observation(c, m, source, 0, Map.of("table", Table.CELLS.tag()));
    }

    private static Observation batchNjobs(CsvRow r, String source) throws DataFormatException {
        Config c = job(r, MIXED, 1, r.positiveInteger("batch")).build();
        Measurements m = Measurements.builder().responseTimeS(r.positive("mean_time_s"))
                .accuracy(r.nonNegative("mean_final_accuracy"))
                .utilisation(r.nonNegative("mean_cpu_util_pct") / 100.0)
                .runs(r.positiveInteger("runs")).build();
        return new Observation(c, m, source, 0,
                Map.of("table", Table.BATCH_NJOBS.tag(), "averaged_over", "cpu,network"));
    }

    private static Observation live(CsvRow r, String source) throws DataFormatException {
        int cpu = r.positiveInteger("cpu");
        String network = r.requiredText("network");
        int chosen = r.positiveInteger("chosen_batch");
        Config c = job(r, modelOf(network), cpu, chosen).build();
        Measurements m = Measurements.builder().responseTimeS(r.positive("measured_time_s"))
                .accuracy(r.nonNegative("final_accuracy")).build();
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("table", Table.LIVE.tag());
        tags.put("job", r.requiredText("job"));
        tags.put("slo_s", r.requiredText("slo_s"));
        r.positive("slo_s");
        tags.put("chosen_batch", Integer.toString(chosen));
        tags.put("network", network);
        if (r.has("note")) {
            tags.put("note", r.text("note"));
        }
        return new Observation(c, m, source, r.integer("replication"), tags);
    }
}
