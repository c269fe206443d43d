package io.stepcast.api.profile;

import io.stepcast.api.Validate;
import io.stepcast.api.collective.Collective;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * One collective communication of the profiled step (an NCCL kernel of a PyTorch trace, for example), on the
 * stream it ran on. Its bytes are what the trace recorded ({@code measured}), an estimate, or unknown.
 *
 * @param kind          which collective
 * @param stream        the stream (lane) it ran on
 * @param startUs       start, microseconds from the start of the step
 * @param durationUs    duration in microseconds
 * @param bytes         the message size per rank in bytes, when known
 * @param bytesMeasured true when {@code bytes} was recorded by the trace, false when estimated or unknown
 */
public record CollectiveOp(Collective kind, int stream, double startUs, double durationUs, OptionalLong bytes,
                           boolean bytesMeasured) {
    public CollectiveOp {
        Objects.requireNonNull(kind, "collective kind");
        Validate.nonNegative(stream, "stream of collective " + kind.label());
        Validate.nonNegative(startUs, "start_us of collective " + kind.label());
        Validate.nonNegative(durationUs, "duration_us of collective " + kind.label());
        bytes = Objects.requireNonNullElse(bytes, OptionalLong.empty());
        if (bytes.isPresent()) {
            Validate.nonNegative(bytes.getAsLong(), "bytes of collective " + kind.label());
        } else if (bytesMeasured) {
            throw new IllegalArgumentException("collective " + kind.label() + ": bytes marked measured but absent");
        }
    }

    /** End of the collective, microseconds from the start of the step. */
    public double endUs() {
        return startUs + durationUs;
    }
}
