package io.stepcast.api.selection;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The settings a batch-size selector is tuned with, each absent when the caller leaves it to the selector's
 * default ({@link SelectorFactory#defaults()}).
 *
 * @param alpha weight of accuracy against time when no SLO is given, in [0, 1] (Courier's trade-off)
 * @param risk  accepted probability of missing the SLO, in (0, 1), for a selector that judges latency intervals
 */
public record SelectorParameters(OptionalDouble alpha, OptionalDouble risk) {
    public SelectorParameters {
        alpha = Objects.requireNonNullElse(alpha, OptionalDouble.empty());
        risk = Objects.requireNonNullElse(risk, OptionalDouble.empty());
        if (alpha.isPresent() && !(alpha.getAsDouble() >= 0 && alpha.getAsDouble() <= 1)) {
            throw new IllegalArgumentException("alpha must be in [0, 1], was " + alpha.getAsDouble());
        }
        if (risk.isPresent() && !(risk.getAsDouble() > 0 && risk.getAsDouble() < 1)) {
            throw new IllegalArgumentException("risk must be in (0, 1), was " + risk.getAsDouble());
        }
    }

    /** Nothing set: every setting is the selector's default. */
    public static SelectorParameters none() {
        return new SelectorParameters(OptionalDouble.empty(), OptionalDouble.empty());
    }

    /** These settings, with {@code defaults}' where these leave one absent. */
    public SelectorParameters or(SelectorParameters defaults) {
        return new SelectorParameters(alpha.isPresent() ? alpha : defaults.alpha(),
                risk.isPresent() ? risk : defaults.risk());
    }
}
