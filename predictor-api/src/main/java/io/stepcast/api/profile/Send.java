package io.stepcast.api.profile;

import io.stepcast.api.Validate;

/**
 * A gradient tensor sent from the worker to the parameter server after the op that produces it.
 *
 * @param tensor   the parameter tensor the gradient updates
 * @param bytes    size in bytes
 * @param producer name of the compute op whose end releases the send
 * @param startUs  profiled start, microseconds from the start of the step
 * @param endUs    profiled end
 */
public record Send(String tensor, long bytes, String producer, double startUs, double endUs) {
    public Send {
        Validate.text(tensor, "send tensor");
        Validate.nonNegative(bytes, "bytes of send " + tensor);
        Validate.text(producer, "producer of send " + tensor);
        Validate.nonNegative(startUs, "start_us of send " + tensor);
        Validate.nonNegative(endUs, "end_us of send " + tensor);
        if (endUs < startUs) {
            throw new IllegalArgumentException("send " + tensor + " ends before it starts");
        }
    }
}
