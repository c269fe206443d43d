package io.stepcast.app.sweep;

import io.stepcast.api.Gibibytes;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The result of one point over its seeds: the value of each seed (empty where the predictor refused) and
 * their spread, with the peak memory per GPU the point needs where the predictor estimates it.
 *
 * @param point           the point
 * @param target          the target predicted
 * @param values          per seed, in seed order
 * @param refusal         the first refusal's reason, when a seed refused
 * @param peakMemoryBytes peak memory per GPU, bytes, from the first seed that answered with an estimate
 *                        ({@link io.stepcast.api.PeakMemory}: the Megatron predictors); empty for a predictor that
 *                        estimates none
 * @param extrapolation   why the first seed that answered flagged the point as an extrapolation (a learned model past
 *                        the range it was trained on, {@link io.stepcast.api.Predictor#extrapolation}); empty otherwise
 */
public record SweepRow(SweepPoint point, String target, List<OptionalDouble> values, Optional<String> refusal,
                       OptionalDouble peakMemoryBytes, Optional<String> extrapolation) {
    public SweepRow {
        values = List.copyOf(values);
        extrapolation = extrapolation == null ? Optional.empty() : extrapolation;
    }

    /** A row not flagged as an extrapolation. */
    public SweepRow(SweepPoint point, String target, List<OptionalDouble> values, Optional<String> refusal,
                    OptionalDouble peakMemoryBytes) {
        this(point, target, values, refusal, peakMemoryBytes, Optional.empty());
    }

    /** A row without a memory estimate. */
    public SweepRow(SweepPoint point, String target, List<OptionalDouble> values, Optional<String> refusal) {
        this(point, target, values, refusal, OptionalDouble.empty());
    }

    /** {@link #peakMemoryBytes} in GiB ({@link Gibibytes}, as {@code predict} shows its PEAK GiB); empty where it is. */
    public OptionalDouble peakMemoryGib() {
        return peakMemoryBytes.isPresent() ? OptionalDouble.of(peakMemoryBytes.getAsDouble() / Gibibytes.BYTES)
                : OptionalDouble.empty();
    }

    /** Seeds that answered. */
    public int answered() {
        return (int) values.stream().filter(OptionalDouble::isPresent).count();
    }

    /** Mean over the seeds that answered; empty when none did. */
    public OptionalDouble mean() {
        return values.stream().filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).average();
    }

    /** Smallest value. */
    public OptionalDouble min() {
        return values.stream().filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).min();
    }

    /** Largest value. */
    public OptionalDouble max() {
        return values.stream().filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).max();
    }

    /** Sample standard deviation over the seeds that answered (0 for one seed); empty when none did. */
    public OptionalDouble sd() {
        OptionalDouble m = mean();
        if (m.isEmpty()) {
            return m;
        }
        int n = answered();
        if (n < 2) {
            return OptionalDouble.of(0);
        }
        double ss = 0;
        for (OptionalDouble v : values) {
            if (v.isPresent()) {
                double d = v.getAsDouble() - m.getAsDouble();
                ss += d * d;
            }
        }
        return OptionalDouble.of(Math.sqrt(ss / (n - 1)));
    }
}
