package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.parquet.OpTraceFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The source {@code tf-cpu-profiles}: single-worker TensorFlow CPU recordings made on this machine by
 * {@code stepcast profile tensorflow} ({@link TfCpuRecordings}), observations with their recorded profiles.
 * Nothing is published or fetched: the files are whatever was recorded, so the source lists no files.
 */
public final class TfCpuProfilesImporter implements ObservationImporter {
    private static final DataSource SOURCE = new DataSource(TfCpuRecordings.SOURCE,
            "Single-worker TensorFlow CPU step times and op traces recorded on this machine",
            "none: measured on this machine by stepcast profile tensorflow (cite the machine and stepcast)",
            "that of whoever recorded them",
            "recorded locally: stepcast profile tensorflow --model lenet5 --local-batch 32,64,128 --out DATA/"
                    + TfCpuRecordings.SOURCE,
            false, List.of());

    @Override
    public String name() {
        return TfCpuRecordings.SOURCE;
    }

    @Override
    public String description() {
        return "recordings of stepcast profile tensorflow (the folder with observations.parquet)";
    }

    @Override
    public Optional<DataSource> source() {
        return Optional.of(SOURCE);
    }

    @Override
    public ImportedObservations importAll(Path dataDir) throws IOException {
        return ImportedObservations.of(TfCpuRecordings.observations(TfCpuRecordings.read(Optional.of(dataDir))));
    }

    @Override
    public ImportedObservations importAll(String variant, Optional<Path> dataDir) throws IOException {
        // Read even without a folder, so that the message says how to record the profiles.
        return ImportedObservations.of(TfCpuRecordings.observations(TfCpuRecordings.read(dataDir)));
    }

    @Override
    public List<Profile> profiles(String variant, Optional<Path> dataDir) throws IOException {
        return TfCpuRecordings.read(dataDir).stream().map(TfCpuRecordings.Recording::profile).toList();
    }

    @Override
    public ImportedObservations importFile(Path input, ImportOptions options) throws IOException {
        return ImportedObservations.of(TfCpuRecordings.observations(
                TfCpuRecordings.readFolder(input, OpTraceFiles::readProfile)));
    }
}
