package io.stepcast.api;

/**
 * An estimator cannot be fitted on the given data: the data lack what the method needs. Scoring counts
 * every prediction of such a pair as not applicable, with this message as the reason.
 */
public class CannotFitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** With a message saying what is missing. */
    public CannotFitException(String message) {
        super(message);
    }

    /** With a message and the underlying cause. */
    public CannotFitException(String message, Throwable cause) {
        super(message, cause);
    }
}
