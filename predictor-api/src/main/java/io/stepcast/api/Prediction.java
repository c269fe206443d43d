package io.stepcast.api;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The answer of a predictor: a value (with an optional interval) or a typed refusal. A predictor that
 * cannot answer for a configuration (outside its domain, missing inputs) returns
 * {@link NotApplicable}, never a made-up number, so scoring can count it as such.
 */
public sealed interface Prediction permits Prediction.Value, Prediction.NotApplicable {

    /** True for a {@link Value}. */
    default boolean isValue() {
        return this instanceof Value;
    }

    /** The predicted number, or empty when not applicable. */
    default OptionalDouble asDouble() {
        return this instanceof Value v ? OptionalDouble.of(v.value()) : OptionalDouble.empty();
    }

    /** A point prediction with no interval. */
    static Prediction of(double value) {
        return new Value(value, OptionalDouble.empty(), OptionalDouble.empty());
    }

    /** A point prediction with an interval {@code [lower, upper]} whose coverage is not stated. */
    static Prediction of(double value, double lower, double upper) {
        return new Value(value, OptionalDouble.of(lower), OptionalDouble.of(upper));
    }

    /**
     * A point prediction with an interval {@code [lower, upper]} meant to hold the measured value with
     * probability {@code coverage} (the nominal level, for example 0.9).
     */
    static Prediction of(double value, double lower, double upper, double coverage) {
        return new Value(value, OptionalDouble.of(lower), OptionalDouble.of(upper), OptionalDouble.of(coverage));
    }

    /** True for a {@link Value} that carries an interval. */
    default boolean hasInterval() {
        return this instanceof Value v && v.lower().isPresent();
    }

    /** A refusal with its reason. */
    static Prediction notApplicable(String reason) {
        return new NotApplicable(reason);
    }

    /**
     * A refusal of one field of the configuration: its reason is the field's message in the fields' keys, and each
     * front end names the field in its own words ({@link NotApplicable#reason(FieldNames)}).
     */
    static Prediction notApplicable(InvalidField field) {
        return new NotApplicable(field.getMessage(), Optional.of(field));
    }

    /**
     * A predicted value.
     *
     * @param value the prediction, finite
     * @param lower lower end of the interval, when the predictor gives one
     * @param upper upper end of the interval
     * @param coverage the nominal probability that the interval holds the measured value, in (0, 1), when the
     *                 predictor states it; only with an interval
     */
    record Value(double value, OptionalDouble lower, OptionalDouble upper, OptionalDouble coverage)
            implements Prediction {
        public Value {
            Validate.finite(value, "predicted value");
            lower = lower == null ? OptionalDouble.empty() : lower;
            upper = upper == null ? OptionalDouble.empty() : upper;
            coverage = coverage == null ? OptionalDouble.empty() : coverage;
            if (lower.isPresent() != upper.isPresent()) {
                throw new IllegalArgumentException("an interval needs both lower and upper");
            }
            if (coverage.isPresent() && lower.isEmpty()) {
                throw new IllegalArgumentException("a coverage needs an interval");
            }
            if (coverage.isPresent() && !(coverage.getAsDouble() > 0 && coverage.getAsDouble() < 1)) {
                throw new IllegalArgumentException("interval coverage must be in (0, 1), was " + coverage.getAsDouble());
            }

            if (lower.isPresent() && !(lower.getAsDouble() <= upper.getAsDouble())) {
                throw new IllegalArgumentException("interval lower " + lower.getAsDouble() + " exceeds upper "
                        + upper.getAsDouble());
            }
        }

        /** A value with an interval of unstated coverage (the form before coverage was added). */
        public Value(double value, OptionalDouble lower, OptionalDouble upper) {
            this(value, lower, upper, OptionalDouble.empty());
        }

        /** True when {@code measured} lies in the interval (ends included); false without an interval. */
        public boolean covers(double measured) {
            return lower.isPresent() && measured >= lower.getAsDouble() && measured <= upper.getAsDouble();
        }
    }

    /**
     * The predictor cannot answer for this configuration or target.
     *
     * @param reason one line that says why (outside the fitted domain, target not supported, ...), fields named by
     *               their keys
     * @param field  the refused field when the refusal is of one field's value, so that a front end can name it as
     *               its own ({@code --virtual-stages}, {@code field 'config.virtual_stages'}); its message is the reason
     */
    record NotApplicable(String reason, Optional<InvalidField> field) implements Prediction {
        public NotApplicable {
            Validate.text(reason, "reason");
            field = field == null ? Optional.empty() : field;
            if (field.isPresent() && !field.get().getMessage().equals(reason)) {
                throw new IllegalArgumentException("a refused field's message is the reason: '" + reason + "' vs '"
                        + field.get().getMessage() + "'");
            }
        }

        /** A refusal that names no field of its own. */
        public NotApplicable(String reason) {
            this(reason, Optional.empty());
        }

        /** The reason in a front end's words: the refused field, and the fields it mentions, named by {@code names}. */
        public String reason(FieldNames names) {
            return field.map(f -> f.named(names)).orElse(reason);
        }

        /**
         * Equal to a refusal of the same reason: the field only words the reason for a front end (an
         * {@link InvalidField} has no equality of its own), and a refusal read back from its reason alone is the same.
         */
        @Override
        public boolean equals(Object o) {
            return o instanceof NotApplicable n && reason.equals(n.reason);
        }

        @Override
        public int hashCode() {
            return reason.hashCode();
        }
    }
}
