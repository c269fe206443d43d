package io.stepcast.models.predictor;

import io.stepcast.api.Config;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Whether the precisions a job was measured at can answer a configuration: the one rule every predictor that keys
 * its fitted state by precision ({@link Config#precisionTag}) applies before it falls back to another precision.
 * A published table's FP32 or TF32 rows and its mixed-precision rows of one model differ 2-3x in compute, so a
 * silent fallback from one to the other is an answer 2-3x off.
 * <ul>
 *   <li>A configuration that states no precision ({@link Config#statedPrecision}) is taken for the default, mixed
 *       precision, when the job was measured at one precision or at the default only; measured at several, it
 *       cannot choose and is refused.</li>
 *   <li>A configuration that states a precision is answered when the job was measured at it, or when every
 *       measurement left the precision unstated (a file without the column: nothing contradicts it); measured at
 *       other precisions only, it is refused.</li>
 * </ul>
 * A refusal names the measured precisions and the {@code precision} column that chooses among them.
 */
public final class MeasuredPrecisions {
    private MeasuredPrecisions() {
    }

    /**
     * Why {@code query} cannot be answered from measurements at {@code measuredTags} (precision tags,
     * {@link Config#precisionTag}; the empty tag is the default), or empty when it can.
     *
     * @param job what was measured, for the message, e.g. {@code EfficientNet-B4 on dgx-a100-80gb}
     */
    public static Optional<String> mismatch(Config query, Collection<String> measuredTags, String job) {
        TreeSet<String> measured = new TreeSet<>(measuredTags);
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        String listed = measured.stream().map(MeasuredPrecisions::label).collect(Collectors.joining(", "));
        if (query.statedPrecision().isEmpty()) {
            return measured.size() == 1 ? Optional.empty() : Optional.of(job + " was measured at " + listed
                    + "; this row states no precision, so state one of them (column precision; sweep --precision)");
        }
        String asked = query.precisionTag();
        if (measured.contains(asked) || measured.equals(Set.of(""))) {
            return Optional.empty();
        }
        return Optional.of(job + " was measured at " + listed + ", not at " + label(asked)
                + " (column precision); predict one of those, or add rows measured at " + label(asked));
    }

    /** How a precision tag reads in a message: the default is mixed precision, which rows without one are taken for. */
    private static String label(String tag) {
        return tag.isEmpty() ? "fp16 (amp, or no precision stated)" : tag;
    }
}
