package io.stepcast.app.cli;

import io.stepcast.evaluation.suite.UserObservationFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Checks {@code sweep}'s training name before the sweep reads it, so that a name that cannot be what the user meant
 * fails in one line saying where it came from: an observation file named by the grid file's {@code train} that does
 * not exist (a relative name is the working folder's, not the grid file's), or a model file that {@code fit --save}
 * wrote, which a sweep cannot take since it fits its predictor itself.
 */
final class SweepTrainName {
    private SweepTrainName() {
    }

    /**
     * The name, or an error naming the option or the grid file's field.
     *
     * @param train the catalog source or file to fit on
     * @param grid  the grid file the name was read from, or null when {@code --train} gave it
     */
    static String checked(String train, Path grid) throws IOException {
        String where = grid == null ? "--train " + train : grid + ": field train: " + train;
        Path file = Path.of(train);
        if (UserObservationFiles.isObservationFile(train) && grid != null && !Files.isRegularFile(file)) {
            throw new IOException(where + ": no such file" + (file.isAbsolute() ? ""
                    : " (relative to the working folder " + Path.of("").toAbsolutePath() + ", not to the grid file)"));
        }
        String lower = train.toLowerCase(Locale.ROOT);
        if ((lower.endsWith(".json") || lower.endsWith(".model")) && Files.isRegularFile(file)) {
            throw new IOException(where + ": a saved model (fit --save) is not a training source: sweep fits the "
                    + "predictor itself on a catalog source or an observation file (.csv, .parquet); a saved model "
                    + "answers the points with predict --model");
        }
        return train;
    }
}
