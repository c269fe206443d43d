package io.stepcast.api.profile;

import io.stepcast.api.Validate;

/**
 * The profiled transfer of one parameter tensor from the parameter server to the worker
 * (TensorFlow's {@code RecvTensor} event). Times are microseconds from the start of the step.
 *
 * @param tensor  the parameter tensor's name
 * @param startUs when the transfer started
 * @param endUs   when the tensor was received
 */
public record Receive(String tensor, double startUs, double endUs) {
    public Receive {
        Validate.text(tensor, "receive tensor");
        Validate.nonNegative(startUs, "start_us of receive " + tensor);
        Validate.nonNegative(endUs, "end_us of receive " + tensor);
        if (endUs < startUs) {
            throw new IllegalArgumentException("receive " + tensor + " ends before it starts");
        }
    }

    /** Duration of the transfer in microseconds. */
    public double durationUs() {
        return endUs - startUs;
    }
}
