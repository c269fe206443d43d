package io.stepcast.api.plugin;

import java.util.Objects;

/**
 * A plugin's declaration that the predictors of one of its estimators cannot be saved (see
 * {@link StepcastPlugin#notPersistable}), in place of a codec.
 *
 * @param module the plugin that declared it
 * @param reason why, as {@code stepcast fit --save} tells the user
 */
public record NotPersistable(String module, String reason) {
    public NotPersistable {
        Objects.requireNonNull(module, "module");
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("a predictor that cannot be saved needs a reason");
        }
    }
}
