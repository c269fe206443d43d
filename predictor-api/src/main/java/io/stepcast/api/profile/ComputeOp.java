package io.stepcast.api.profile;

import io.stepcast.api.Validate;

import java.util.Objects;
import java.util.Set;

/**
 * One compute op of the profiled step.
 *
 * @param name       op name (unique within the step)
 * @param type       op type or kernel ({@code Conv2D}, {@code MatMul}, {@code ReadVariableOp}, ...)
 * @param stream     compute stream (lane) the op ran on; ops of one stream run one after another
 * @param startUs    start, microseconds from the start of the step
 * @param durationUs duration in microseconds
 * @param requires   the parameter tensors that must have arrived before the op may start: the union of
 *                   its inputs' requirements; a parameter-read op requires its own tensor
 */
public record ComputeOp(String name, String type, int stream, double startUs, double durationUs, Set<String> requires) {
    public ComputeOp {
        Validate.text(name, "op name");
        type = type == null || type.isBlank() ? "unknown" : type;
        Validate.nonNegative(stream, "stream of op " + name);
        Validate.nonNegative(startUs, "start_us of op " + name);
        Validate.nonNegative(durationUs, "duration_us of op " + name);
        requires = Set.copyOf(Objects.requireNonNullElse(requires, Set.of()));
    }

    /** End of the op, microseconds from the start of the step. */
    public double endUs() {
        return startUs + durationUs;
    }
}
