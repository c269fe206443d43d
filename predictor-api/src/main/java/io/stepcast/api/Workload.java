package io.stepcast.api;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What is trained: the model, the framework that trains it, the dataset and the size of the model's
 * parameters.
 *
 * @param model          model name as the source spells it (for example {@code ResNet-50}, {@code lenet5})
 * @param framework      training framework ({@code tensorflow}, {@code pytorch}, {@code bigdl}), or
 *                       {@code unknown}
 * @param dataset        dataset name, or {@code unknown}
 * @param parameterBytes bytes of all parameter tensors, when known
 */
public record Workload(String model, String framework, String dataset, OptionalLong parameterBytes) {
    public Workload {
        Validate.text(model, "model");
        framework = framework == null || framework.isBlank() ? "unknown" : framework.toLowerCase(Locale.ROOT);
        dataset = dataset == null || dataset.isBlank() ? "unknown" : dataset;
        parameterBytes = Objects.requireNonNullElse(parameterBytes, OptionalLong.empty());
        if (parameterBytes.isPresent()) {
            Validate.nonNegative(parameterBytes.getAsLong(), "parameter_bytes");
        }
    }

    /** A workload that names only its model. */
    public static Workload of(String model) {
        return new Workload(model, null, null, OptionalLong.empty());
    }
}
