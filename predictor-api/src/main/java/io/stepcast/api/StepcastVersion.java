package io.stepcast.api;

/** The version of stepcast, read from the jar manifest ({@code dev} when run from classes). */
public final class StepcastVersion {
    private StepcastVersion() {
    }

    /** The implementation version of the predictor-api jar, or {@code dev}. */
    public static String get() {
        String v = StepcastVersion.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
