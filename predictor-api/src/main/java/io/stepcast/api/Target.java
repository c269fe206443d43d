package io.stepcast.api;

import java.util.Locale;

/** A quantity a predictor can be asked for, with its unit. */
public enum Target {
    /** Seconds per SGD step of one worker (synchronous: of the whole job). */
    STEP_TIME("s"),
    /** Training samples per second summed over all workers. */
    THROUGHPUT("samples/s"),
    /** Wall-clock seconds from submission to the end of training (Courier's response time). */
    RESPONSE_TIME("s"),
    /** Final top-1 accuracy as a fraction in [0, 1]. */
    ACCURACY("fraction");

    private final String unit;

    Target(String unit) {
        this.unit = unit;
    }

    /** The unit of this quantity. */
    public String unit() {
        return unit;
    }

    /** The largest value the target can take: 1 for accuracy (a fraction), unbounded for the others. */
    public double upperLimit() {
        return this == ACCURACY ? 1.0 : Double.POSITIVE_INFINITY;
    }

    /** Lower-case, dash-separated name as used on the command line and in reports. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Parses a {@link #label()} or enum name, case-insensitively. */
    public static Target parse(String text) {
        String key = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        try {
            return Target.valueOf(key);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown target '" + text
                    + "' (expected step-time, throughput, response-time or accuracy)", e);
        }
    }
}
