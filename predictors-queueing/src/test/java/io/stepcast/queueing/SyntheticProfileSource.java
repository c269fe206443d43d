package io.stepcast.queueing;

import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.profile.Profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * A synthetic {@link ProfileSource} for the command tests: every "file" that exists is the remote chain of
 * {@link SyntheticProfiles}, and the only model is {@code chain}, a 10-layer chain of 4 to 12 MB tensors.
 */
public final class SyntheticProfileSource implements ProfileSource {
    @Override
    public Profile read(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new IOException(file + ": no such file");
        }
        return SyntheticProfiles.chain("chain", 32, 10, 4_000_000, 2000, 4000, 10, 50);
    }

    @Override
    public Profile synthesise(String model, int localBatch, double singleWorkerStepTimeS) {
        if (!model.equals("chain")) {
            throw new IllegalArgumentException("model " + model + " is not in the synthetic zoo (known: chain)");
        }
        double perLayerUs = singleWorkerStepTimeS * 1e6 / 10;
        return SyntheticProfiles.chain("chain", localBatch, 10, 4_000_000, perLayerUs / 3, 2 * perLayerUs / 3, 0, 0);
    }

    @Override
    public OptionalLong parameterBytes(String model) {
        return model.equals("chain") ? OptionalLong.of(80_000_000) : OptionalLong.empty();
    }
}
