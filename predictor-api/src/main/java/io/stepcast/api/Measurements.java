package io.stepcast.api;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What was measured for one configuration. Absent values stay absent ({@link OptionalDouble#empty()}),
 * never zero. When the row aggregates several runs, {@code runs} says how many and
 * {@code standardDeviations} may hold the sample standard deviation of a target.
 *
 * @param stepTimeS           seconds per step
 * @param syncTimeS           seconds of the step spent synchronising (all-reduce or parameter exchange)
 * @param throughputSamplesPerS samples per second, all workers together
 * @param responseTimeS       wall-clock seconds of the whole training job
 * @param accuracy            final accuracy, a fraction in [0, 1]
 * @param utilisation         mean CPU or GPU utilisation, a fraction in [0, 1]
 * @param runs                number of runs this row aggregates (1 for a single run)
 * @param standardDeviations  per-target sample standard deviation across the runs, when published
 */
public record Measurements(
        OptionalDouble stepTimeS,
        OptionalDouble syncTimeS,
        OptionalDouble throughputSamplesPerS,
        OptionalDouble responseTimeS,
        OptionalDouble accuracy,
        OptionalDouble utilisation,
        int runs,
        Map<Target, Double> standardDeviations) {

    public Measurements {
        stepTimeS = Validate.positive(stepTimeS, "step_time_s");
        syncTimeS = Validate.nonNegative(syncTimeS, "sync_time_s");
        throughputSamplesPerS = Validate.positive(throughputSamplesPerS, "throughput_samples_s");
        responseTimeS = Validate.positive(responseTimeS, "response_time_s");
        accuracy = fraction(accuracy, "accuracy");
        utilisation = fraction(utilisation, "utilisation");
        Validate.positive(runs, "runs");
        standardDeviations = Map.copyOf(Objects.requireNonNullElse(standardDeviations, Map.of()));
        standardDeviations.forEach((t, sd) -> Validate.nonNegative(sd, "sd_" + t.label()));
        if (stepTimeS.isEmpty() && throughputSamplesPerS.isEmpty() && responseTimeS.isEmpty()
                && accuracy.isEmpty()) {
            throw new IllegalArgumentException(
                    "a measurement needs at least one of step_time_s, throughput_samples_s, response_time_s, accuracy");
        }
    }

    private static OptionalDouble fraction(OptionalDouble v, String field) {
        OptionalDouble checked = Validate.nonNegative(v, field);
        if (checked.isPresent() && checked.getAsDouble() > 1.0) {
            throw new IllegalArgumentException(field + " must be a fraction in [0, 1], was " + checked.getAsDouble());
        }
        return checked;
    }

    /**
     * The measured value of a target for the given configuration. Step time and throughput are
     * converted into each other when only one was measured (throughput = global batch / step time,
     * which holds for synchronous jobs and for asynchronous ones with per-worker step time).
     */
    public OptionalDouble value(Target target, Config config) {
        return switch (target) {
            case STEP_TIME -> stepTimeS.isPresent() ? stepTimeS
                    : throughputSamplesPerS.isPresent()
                    ? OptionalDouble.of(config.globalBatch() / throughputSamplesPerS.getAsDouble())
                    : OptionalDouble.empty();
            case THROUGHPUT -> throughputSamplesPerS.isPresent() ? throughputSamplesPerS
                    : stepTimeS.isPresent()
                    ? OptionalDouble.of(config.globalBatch() / stepTimeS.getAsDouble())
                    : OptionalDouble.empty();
            case RESPONSE_TIME -> responseTimeS;
            case ACCURACY -> accuracy;
        };
    }

    /** Published standard deviation of a target across runs, when known. */
    public OptionalDouble standardDeviation(Target target) {
        Double sd = standardDeviations.get(target);
        return sd == null ? OptionalDouble.empty() : OptionalDouble.of(sd);
    }

    /** A builder with every value absent and {@code runs = 1}. */
    public static Builder builder() {
        return new Builder();
    }

    /** Fluent construction; validation happens in {@link #build()}. */
    public static final class Builder {
        private OptionalDouble stepTimeS = OptionalDouble.empty();
        private OptionalDouble syncTimeS = OptionalDouble.empty();
        private OptionalDouble throughput = OptionalDouble.empty();
        private OptionalDouble responseTimeS = OptionalDouble.empty();
        private OptionalDouble accuracy = OptionalDouble.empty();
        private OptionalDouble utilisation = OptionalDouble.empty();
        private int runs = 1;
        private final Map<Target, Double> sd = new EnumMap<>(Target.class);

        private Builder() {
        }

        public Builder stepTimeS(double v) { stepTimeS = OptionalDouble.of(v); return this; }
        public Builder syncTimeS(double v) { syncTimeS = OptionalDouble.of(v); return this; }
        public Builder throughputSamplesPerS(double v) { throughput = OptionalDouble.of(v); return this; }
        public Builder responseTimeS(double v) { responseTimeS = OptionalDouble.of(v); return this; }
        public Builder accuracy(double v) { accuracy = OptionalDouble.of(v); return this; }
        public Builder utilisation(double v) { utilisation = OptionalDouble.of(v); return this; }
        public Builder runs(int v) { runs = v; return this; }
        public Builder standardDeviation(Target t, double v) { sd.put(t, v); return this; }

        public Measurements build() {
            return new Measurements(stepTimeS, syncTimeS, throughput, responseTimeS, accuracy, utilisation, runs, sd);
        }
    }
}
