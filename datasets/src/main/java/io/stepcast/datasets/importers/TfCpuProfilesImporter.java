package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.catalog.DataSources;
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
public final class TfCpuProfilesImporter extends SourceImporter {

    /** The recordings of a data folder. */
    public TfCpuProfilesImporter() {
        super(DataSources.builtIn(TfCpuRecordings.SOURCE),
                "recordings of stepcast profile tensorflow (the folder with observations.parquet)");
    }

    @Override
    public ImportedObservations read(Path folder) throws IOException {
        return ImportedObservations.of(TfCpuRecordings.observations(
                TfCpuRecordings.readFolder(folder, OpTraceFiles::readProfile)));
    }

    @Override
    public ImportedObservations importAll(Path dataDir) throws IOException {
        return importAll(name(), Optional.of(dataDir));
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
}
