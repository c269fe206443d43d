package io.stepcast.datasets.catalog;

import io.stepcast.api.Observation;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.datasets.importers.CourierImporter;
import io.stepcast.datasets.importers.GavelImporter;
import io.stepcast.datasets.importers.ImportResult;
import io.stepcast.datasets.importers.NcclTestsImporter;
import io.stepcast.datasets.importers.VtrainImporter;
import io.stepcast.datasets.importers.PolluxImporter;
import io.stepcast.datasets.importers.TfBenchmarksImporter;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The observations of the real sources, by name. {@code dataDir} is a folder laid out like
 * {@code shared/data}: each source's files under {@code dataDir/<folder>/}. {@code courier} and
 * {@code tf-benchmarks} are also embedded in the jar and read from there when no folder is given.
 *
 * <p>Sources (every name returns the rows its importer documents, in file order):
 * <ul>
 *   <li>{@code pollux}: placements and scalability of all six jobs (7,103 rows);
 *       {@code pollux-placements} (5,542) and {@code pollux-scalability} (1,561) are its two splits;</li>
 *   <li>{@code gavel}: both Gavel tables; {@code gavel-simulation} and {@code gavel-physical} one each;</li>
 *   <li>{@code tf-benchmarks}: the 80 published TensorFlow benchmark numbers;</li>
 *   <li>{@code courier}: the three Courier tables (75 rows); {@code courier-cells} (48),
 *       {@code courier-batch-njobs} (12) and {@code courier-live} (15) one each;</li>
 *   <li>{@code nccl-tests}: vTrain's nccl-tests all-reduce tables, A100 and V100, 2-8 GPUs (14,336 rows);</li>
 *   <li>{@code vtrain}: vTrain's Megatron-DeepSpeed GPT iteration times on one node of 2-8 A100 (1,440 rows).</li>
 * </ul>
 * Stateless and thread-safe.
 */
public final class DefaultObservationCatalog implements ObservationCatalog {
    private static final List<String> SOURCES = List.of(
            "pollux", "pollux-placements", "pollux-scalability",
            "gavel", "gavel-simulation", "gavel-physical",
            "tf-benchmarks",
            "courier", "courier-cells", "courier-batch-njobs", "courier-live",
            "nccl-tests", "vtrain");

    /** For Guice and {@link java.util.ServiceLoader}. */
    public DefaultObservationCatalog() {
    }

    @Override
    public List<String> sources() {
        return SOURCES;
    }

    @Override
    public List<Observation> observations(String source, Optional<Path> dataDir) throws IOException {
        return result(source, dataDir).observations();
    }

    /** The full import result of a source, with the count of deliberately skipped entries. */
    public ImportResult result(String source, Optional<Path> dataDir) throws IOException {
        return switch (source) {
            case "pollux" -> new PolluxImporter().read(folder(dataDir, source, "pollux"));
            case "pollux-placements" -> new PolluxImporter(true, false).read(folder(dataDir, source, "pollux"));
            case "pollux-scalability" -> new PolluxImporter(false, true).read(folder(dataDir, source, "pollux"));
            case "gavel" -> new GavelImporter().read(folder(dataDir, source, "gavel"));
            case "gavel-simulation" -> new GavelImporter(true, false).read(folder(dataDir, source, "gavel"));
            case "gavel-physical" -> new GavelImporter(false, true).read(folder(dataDir, source, "gavel"));
            case "tf-benchmarks" -> dataDir.isEmpty() ? new TfBenchmarksImporter().readEmbedded()
                    : new TfBenchmarksImporter().read(folder(dataDir, source, "tf-benchmarks"));
            case "courier" -> courier(List.of(CourierImporter.Table.values()), dataDir, source);
            case "courier-cells" -> courier(List.of(CourierImporter.Table.CELLS), dataDir, source);
            case "courier-batch-njobs" -> courier(List.of(CourierImporter.Table.BATCH_NJOBS), dataDir, source);
            case "courier-live" -> courier(List.of(CourierImporter.Table.LIVE), dataDir, source);
            case "nccl-tests" -> new NcclTestsImporter().read(folder(dataDir, source, "vtrain/nccl-tests"));
            case "vtrain" -> new VtrainImporter().read(folder(dataDir, source, "vtrain"));
            default -> throw new IllegalArgumentException("unknown source '" + source + "' (known: "
                    + String.join(", ", SOURCES) + ")");
        };
    }

    private static ImportResult courier(List<CourierImporter.Table> tables, Optional<Path> dataDir, String source)
            throws IOException {
        CourierImporter importer = new CourierImporter(tables);
        return dataDir.isEmpty() ? importer.readEmbedded() : importer.read(folder(dataDir, source, "courier"));
    }

    private static Path folder(Optional<Path> dataDir, String source, String folder) throws IOException {
        if (dataDir.isEmpty()) {
            throw new FileNotFoundException("source " + source + " is not embedded in stepcast: give the data folder"
                    + " (laid out like shared/data, with " + folder + "/ inside)");
        }
        Path dir = dataDir.get().resolve(folder);
        if (!Files.isDirectory(dir)) {
            throw new FileNotFoundException(dir + ": no such folder (source " + source + ")");
        }
        return dir;
    }
}
