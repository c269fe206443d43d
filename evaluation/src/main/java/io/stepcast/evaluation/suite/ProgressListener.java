package io.stepcast.evaluation.suite;

/** Told how far a suite run is; the CLI shows it as a progress bar. */
public interface ProgressListener {
    /** A listener that ignores everything. */
    ProgressListener NONE = new ProgressListener() {
        @Override
        public void start(long total) {
        }

        @Override
        public void step(String what) {
        }
    };

    /** The run has {@code total} units of work (fits). */
    void start(long total);

    /** One unit is done; {@code what} says which. */
    void step(String what);
}
