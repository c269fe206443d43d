package io.stepcast.app.cli;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.Observation;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.importers.PooledRowsCheck;
import io.stepcast.evaluation.suite.Suite;
import io.stepcast.evaluation.suite.UserObservationFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The observation catalog a suite file reads its datasets from, where a dataset's {@code source} may also be a user's
 * observation file ({@code .csv} in the generic format or {@code .parquet}), relative to the suite file's folder: so
 * that every protocol of the suite format (cross-hardware, leave-one-group-out, extrapolation, ...) runs on one's own
 * measurements, not only {@code evaluate --train/--test}'s fixed split. Any other source is the wrapped catalog's.
 * The files are read when the suite is opened, before any fit: a missing file or a bad row stops the run at once, and
 * the reader's notes (unknown columns, hardware labels) join the run's warnings, but for the note that rows of several
 * frameworks or datasets are pooled where the suite splits the file by that column.
 */
final class UserFileSources implements ObservationCatalog {
    private final ObservationCatalog builtIn;
    private final Map<String, List<Observation>> files;

    private UserFileSources(ObservationCatalog builtIn, Map<String, List<Observation>> files) {
        this.builtIn = builtIn;
        this.files = Map.copyOf(files);
    }

    /**
     * The catalog of {@code suite}'s sources: its file sources read now, the rest from {@code builtIn}.
     *
     * @param base     the folder relative file sources are resolved against (the suite file's)
     * @param zoo      the model zoo, for parameter bytes a file does not state
     * @param hardware the run's hardware catalog, in whose words the files' hardware labels are read
     * @param warnings where the files' reader notes go
     * @throws IOException naming the source when a file is missing or a row is bad
     */
    static UserFileSources of(ObservationCatalog builtIn, Suite suite, Path base, Optional<ModelCatalog> zoo,
                              Optional<HardwareCatalog> hardware, List<String> warnings) throws IOException {
        Map<String, List<Observation>> files = new HashMap<>();
        for (Suite.DatasetSpec d : suite.datasets()) {
            String source = d.source();
            if (!UserObservationFiles.isObservationFile(source) || files.containsKey(source)) {
                continue;
            }
            Path file = base.resolve(source);
            if (!Files.isRegularFile(file)) {
                throw new IOException("source " + source + ": no such file " + file
                        + " (a file source is relative to the suite file's folder)");
            }
            ImportedObservations r = UserObservationFiles.readWithNotes(file, hardware);
            r.notes().stream().filter(n -> !splitBySuite(PooledRowsCheck.columns(n), source, suite))
                    .forEach(n -> warnings.add(file + ": " + n));
            files.put(source, UserObservationFiles.withZooParameterBytes(r.observations(), zoo));
        }
        return new UserFileSources(builtIn, files);
    }

    /**
     * True when {@code columns} is not empty and every dataset of {@code suite} that reads {@code source} keeps one
     * value of each ({@code where}) or splits by it in every protocol ({@code extrapolation:nodes<=1:framework},
     * {@code logo:framework}): then no predictor sees rows that differ only in those columns together, and the
     * reader's warning that they are pooled ({@link PooledRowsCheck}) does not hold for this run.
     */
    private static boolean splitBySuite(List<String> columns, String source, Suite suite) {
        if (columns.isEmpty()) {
            return false;
        }
        return suite.datasets().stream().filter(d -> d.source().equals(source))
                .allMatch(d -> columns.stream().allMatch(c -> d.where().containsKey(c) || (!d.protocols().isEmpty()
                        && d.protocols().stream().allMatch(p -> List.of(p.split("[:,]")).contains(c)))));
    }

    @Override
    public List<String> sources() {
        return builtIn.sources();
    }

    @Override
    public List<Observation> observations(String source, Optional<Path> dataDir) throws IOException {
        List<Observation> file = files.get(source);
        return file != null ? file : builtIn.observations(source, dataDir);
    }
}
