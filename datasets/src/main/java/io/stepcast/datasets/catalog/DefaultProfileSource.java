package io.stepcast.datasets.catalog;

import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.zoo.ModelZoo;
import io.stepcast.datasets.zoo.ProfileSynthesizer;
import io.stepcast.datasets.zoo.ZooModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Profiles from files (a PyTorch profiler trace or a TensorFlow Chrome-trace timeline, {@code .json} or
 * {@code .json.gz}, or an op trace in Parquet) and from the model zoo with {@link ProfileSynthesizer}. Thread-safe.
 */
public final class DefaultProfileSource implements ProfileSource {
    private final ModelZoo zoo = new ModelZoo();
    private final ProfileSynthesizer synthesizer = new ProfileSynthesizer();

    /** For Guice. */
    public DefaultProfileSource() {
    }

    @Override
    public Profile read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new java.io.FileNotFoundException(file + ": no such file");
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".parquet")) {
            return io.stepcast.datasets.parquet.OpTraceFiles.readProfile(file);
        }
        if (io.stepcast.datasets.kineto.KinetoReader.detect(name, io.stepcast.datasets.inspect.ProfileFormats.head(file))) {
            return new io.stepcast.datasets.kineto.KinetoReader().readProfile(file);
        }
        if (name.endsWith(".json") || name.endsWith(".json.gz")) {
            return new io.stepcast.datasets.timeline.TimelineImporter().readProfile(file);
        }
        throw new DataFormatException(file.toString(),
                "not a profile: expected a TensorFlow timeline (.json, .json.gz) or an op trace (.parquet)");
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
