package io.stepcast.ml.features;

/**
 * How a target is transformed before learning and back after prediction. Times and rates span
 * orders of magnitude across configurations, so learning their logarithm makes the error relative,
 * which is how {@code docs/methods.md} section 5 scores them (absolute percentage error).
 */
public enum TargetTransform {
    /** Learn the value as measured. */
    IDENTITY {
        @Override public double forward(double v) { return v; }
        @Override public double inverse(double v) { return v; }
    },
    /** Learn the natural logarithm (the value must be positive). */
    LOG {
        @Override public double forward(double v) { return Math.log(v); }
        @Override public double inverse(double v) { return Math.exp(v); }
    };

    /** Measured value to learned value. */
    public abstract double forward(double value);

    /** Learned value back to the measured scale. */
    public abstract double inverse(double learned);
}
