package io.stepcast.datasets;

import java.nio.file.Path;

/** The real reference data folder that Surefire passes as {@code stepcast.shared.data}. */
public final class SharedData {
    private SharedData() {
    }

    /** The folder laid out like {@code shared/data}. */
    public static Path dir() {
        String p = System.getProperty("stepcast.shared.data");
        if (p == null) {
            throw new IllegalStateException("system property stepcast.shared.data is not set (run the tests with Maven)");
        }
        return Path.of(p).toAbsolutePath().normalize();
    }

    /** A sub-path of the data folder. */
    public static Path of(String relative) {
        return dir().resolve(relative);
    }
}
