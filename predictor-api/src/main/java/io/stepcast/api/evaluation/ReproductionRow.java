package io.stepcast.api.evaluation;

import java.util.OptionalDouble;

/**
 * A published figure and the value a run reproduced for it, or a figure a run reports beside them that has no
 * published counterpart (a model of this project's own: {@code published} NaN, no relative difference, and a
 * target it is held to stated in {@code note}).
 *
 * @param quantity   what the figure is, with its source
 * @param published  the published value, NaN when there is none
 * @param reproduced the reproduced value, or empty when it cannot be reached (see {@code note})
 * @param note       how it was reproduced, or why it could not be
 */
public record ReproductionRow(String quantity, double published, OptionalDouble reproduced, String note) {

    /** A reproduced figure. */
    public static ReproductionRow of(String quantity, double published, double reproduced, String note) {
        return new ReproductionRow(quantity, published,
                Double.isFinite(reproduced) ? OptionalDouble.of(reproduced) : OptionalDouble.empty(), note);
    }

    /** A figure that could not be reproduced, with the reason. */
    public static ReproductionRow unreachable(String quantity, double published, String why) {
        return new ReproductionRow(quantity, published, OptionalDouble.empty(), why);
    }

    /** {@code (reproduced - published) / |published|}, or empty (nothing reproduced, or nothing published). */
    public OptionalDouble relativeDifference() {
        if (reproduced.isEmpty() || published == 0 || !Double.isFinite(published)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of((reproduced.getAsDouble() - published) / Math.abs(published));
    }
}
