package io.stepcast.datasets.catalog;

import com.google.inject.Inject;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ProfileReader;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.parquet.OpTraceFiles;
import io.stepcast.datasets.plugin.DatasetsPlugin;
import io.stepcast.datasets.zoo.ModelZoo;
import io.stepcast.datasets.zoo.ProfileSynthesizer;
import io.stepcast.datasets.zoo.ZooModel;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Profiles from files (stepcast's op-trace Parquet, or any format a registered {@link ProfileReader}
 * detects, such as a TensorFlow timeline) and from the model zoo with {@link ProfileSynthesizer}.
 * Thread-safe.
 */
public final class DefaultProfileSource implements ProfileSource {
    private final ModelZoo zoo = new ModelZoo();
    private final ProfileSynthesizer synthesizer = new ProfileSynthesizer();
    private final ProfileReaders readers;

    /** With the readers of the datasets module alone (for tests and embedding). */
    public DefaultProfileSource() {
        this(DatasetsPlugin.builtIn().profileReaders());
    }

    /** With the given readers, asked in their order (Guice gives every registered one). */
    @Inject
    public DefaultProfileSource(Map<String, ProfileReader> readers) {
        this.readers = new ProfileReaders(readers);
    }

    @Override
    public Profile read(Path file) throws IOException {
        return read(file, Optional.empty());
    }

    /**
     * Reads an op trace ({@code .parquet}) or a file of the named format, detected when none is named.
     *
     * @throws io.stepcast.datasets.io.DataFormatException when no reader recognises the file
     */
    public Profile read(Path file, Optional<String> format) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new FileNotFoundException(file + ": no such file");
        }
        if (format.isEmpty() && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".parquet")) {
            return OpTraceFiles.readProfile(file);
        }
        return readers.choose(file, format).read(file, ImportOptions.none());
    }

    @Override
    public Profile synthesise(String model, int localBatch, double singleWorkerStepTimeS) {
        ZooModel m = zoo.get(model);
        return synthesizer.synthesise(m, localBatch, singleWorkerStepTimeS);
    }

    @Override
    public OptionalLong parameterBytes(String model) {
        return zoo.find(model).map(m -> OptionalLong.of(m.parameterBytes())).orElse(OptionalLong.empty());
    }
}
