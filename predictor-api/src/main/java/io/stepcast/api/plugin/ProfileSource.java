package io.stepcast.api.plugin;

import io.stepcast.api.profile.Profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * Where profiles come from, bound by the datasets module so that predictor plugins can obtain profiles
 * without depending on it: profile files (an imported op trace or a TensorFlow timeline) and profiles
 * synthesised from the model zoo and a measured single-worker step time (docs/methods.md section 1).
 */
public interface ProfileSource {

    /** Reads a profile from a file (op-trace Parquet or TensorFlow timeline JSON). */
    Profile read(Path file) throws IOException;

    /**
     * A profile synthesised from the zoo model's parameter tensors and layer FLOPs, its compute scaled
     * to the measured single-worker step time.
     *
     * @throws IllegalArgumentException when the model is not in the zoo
     */
    Profile synthesise(String model, int localBatch, double singleWorkerStepTimeS);

    /** Exact parameter bytes of a zoo model (4-byte floats), when the zoo knows it. */
    OptionalLong parameterBytes(String model);
}
