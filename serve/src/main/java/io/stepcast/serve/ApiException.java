package io.stepcast.serve;

/**
 * A request the service refuses, with the HTTP status and a one-line message that names the offending field
 * (400), the unknown predictor (404) or the limit (413). It is answered as {@code {"error": message}}; it never
 * reaches a predictor.
 */
public final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    /**
     * @param status  the HTTP status (4xx)
     * @param message what is wrong, naming the field
     */
    public ApiException(int status, String message) {
        super(message);
        this.status = status;
    }

    /** 400: a malformed body or a missing or invalid field. */
    public static ApiException badRequest(String message) {
        return new ApiException(400, message);
    }

    /** 404: an unknown predictor or model. */
    public static ApiException notFound(String message) {
        return new ApiException(404, message);
    }

    /** The HTTP status of the answer. */
    public int status() {
        return status;
    }
}
