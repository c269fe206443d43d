package io.stepcast.datasets.trace;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One row of an iteration trace: a training iteration, the end of an epoch, or a validation result.
 *
 * @param kind               {@link Kind#ITERATION}, {@link Kind#EPOCH_END} or {@link Kind#VALIDATION}
 * @param job                the job the row belongs to (several jobs may share one log)
 * @param epoch              1-based epoch as the framework prints it
 * @param iteration          iteration index (iterations only)
 * @param wallClockS         wall clock since the start of training, seconds (iterations and epoch ends)
 * @param records            samples in the iteration (iterations only)
 * @param iterationTimeS     seconds the iteration took
 * @param throughputRecordsS samples per second of the iteration
 * @param loss               training loss of the iteration
 * @param accuracy           validation accuracy, a fraction (validation rows)
 * @param correct            validation samples classified correctly
 * @param count              validation samples
 */
public record IterationRecord(Kind kind, String job, int epoch, OptionalLong iteration, OptionalDouble wallClockS,
                              OptionalLong records, OptionalDouble iterationTimeS, OptionalDouble throughputRecordsS,
                              OptionalDouble loss, OptionalDouble accuracy, OptionalLong correct, OptionalLong count) {

    /** What a row describes. */
    public enum Kind {
        /** One training iteration. */
        ITERATION,
        /** The end of an epoch, with the wall clock at that point. */
        EPOCH_END,
        /** A validation result (top-1 accuracy) after an epoch. */
        VALIDATION;

        /** Lower-case label as stored. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Parses a {@link #label()}. */
        public static Kind parse(String s) {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        }
    }

    public IterationRecord {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(job, "job");
        iteration = Objects.requireNonNullElse(iteration, OptionalLong.empty());
        wallClockS = Objects.requireNonNullElse(wallClockS, OptionalDouble.empty());
        records = Objects.requireNonNullElse(records, OptionalLong.empty());
        iterationTimeS = Objects.requireNonNullElse(iterationTimeS, OptionalDouble.empty());
        throughputRecordsS = Objects.requireNonNullElse(throughputRecordsS, OptionalDouble.empty());
        loss = Objects.requireNonNullElse(loss, OptionalDouble.empty());
        accuracy = Objects.requireNonNullElse(accuracy, OptionalDouble.empty());
        correct = Objects.requireNonNullElse(correct, OptionalLong.empty());
        count = Objects.requireNonNullElse(count, OptionalLong.empty());
    }

    /** A training iteration row. */
    public static IterationRecord iteration(String job, int epoch, long iteration, double wallClockS, long records,
                                            double iterationTimeS, OptionalDouble throughput, OptionalDouble loss) {
        return new IterationRecord(Kind.ITERATION, job, epoch, OptionalLong.of(iteration), OptionalDouble.of(wallClockS),
                OptionalLong.of(records), OptionalDouble.of(iterationTimeS), throughput, loss, OptionalDouble.empty(),
                OptionalLong.empty(), OptionalLong.empty());
    }

    /** An end-of-epoch row. */
    public static IterationRecord epochEnd(String job, int epoch, double wallClockS) {
        return new IterationRecord(Kind.EPOCH_END, job, epoch, OptionalLong.empty(), OptionalDouble.of(wallClockS),
                OptionalLong.empty(), OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalLong.empty(), OptionalLong.empty());
    }

    /** A validation row. */
    public static IterationRecord validation(String job, int epoch, double accuracy, OptionalLong correct,
                                             OptionalLong count) {
        return new IterationRecord(Kind.VALIDATION, job, epoch, OptionalLong.empty(), OptionalDouble.empty(),
                OptionalLong.empty(), OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(),
                OptionalDouble.of(accuracy), correct, count);
    }
}
