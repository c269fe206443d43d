package io.stepcast.datasets.trace;

import java.util.List;
import java.util.Objects;

/**
 * One event of a profiled training step: a row of an op trace. Times are microseconds; {@code startUs} is
 * as recorded (timeline clock), not relative to the step.
 *
 * @param step       training step index (0-based, in file order)
 * @param worker     worker index (0 for a single-worker profile)
 * @param device     device or process name the event ran on, or null
 * @param lane       thread or stream index within the device
 * @param name       op (node) name, e.g. {@code conv1/Conv2D}
 * @param type       op type, e.g. {@code Conv2D}, {@code RecvTensor}
 * @param category   compute, receive, send or other
 * @param startUs    start in microseconds
 * @param durationUs duration in microseconds, never negative
 * @param tensor     for transfers: the parameter tensor's name; otherwise null
 * @param bytes      for transfers: the tensor's size in bytes; otherwise -1
 * @param producer   for sends: the op whose end releases the send; otherwise null
 * @param requires   for compute ops: the parameter tensors the op transitively depends on
 * @param collective for collectives: the {@link io.stepcast.api.collective.Collective#label() label}
 *                   ({@code all-reduce}); otherwise null
 * @param bytesMeasured for collectives: true when {@code bytes} was recorded by the trace, false when estimated
 *                   or unknown
 */
public record OpEvent(int step, int worker, String device, int lane, String name, String type, OpCategory category,
                      double startUs, double durationUs, String tensor, long bytes, String producer,
                      List<String> requires, String collective, boolean bytesMeasured) {

    /** An event that is not a collective. */
    public OpEvent(int step, int worker, String device, int lane, String name, String type, OpCategory category,
                   double startUs, double durationUs, String tensor, long bytes, String producer,
                   List<String> requires) {
        this(step, worker, device, lane, name, type, category, startUs, durationUs, tensor, bytes, producer, requires,
                null, false);
    }

    public OpEvent {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(category, "category");
        type = type == null ? "unknown" : type;
        requires = requires == null ? List.of() : List.copyOf(requires);
        if (!(durationUs >= 0) || !Double.isFinite(durationUs)) {
            throw new IllegalArgumentException("duration_us of " + name + " must be a non-negative number, was "
                    + durationUs);
        }
        if (!Double.isFinite(startUs)) {
            throw new IllegalArgumentException("start_us of " + name + " must be a finite number");
        }
    }

    /** End in microseconds. */
    public double endUs() {
        return startUs + durationUs;
    }

    /** A compute event. */
    public static OpEvent compute(int step, int lane, String name, String type, double startUs, double durationUs,
                                  List<String> requires) {
        return new OpEvent(step, 0, null, lane, name, type, OpCategory.COMPUTE, startUs, durationUs, null, -1, null,
                requires);
    }
}
