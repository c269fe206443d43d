package io.stepcast.datasets.importers;

import io.stepcast.datasets.io.CsvReader;
import io.stepcast.datasets.io.CsvRow;
import io.stepcast.datasets.io.DataFormatException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Pollux validation curves ({@code <job>/validation-<global batch>.csv}: {@code progress, iteration,
 * metric, grad_sqr, grad_var}): training progress at a fixed global batch, the statistical-efficiency side
 * of Pollux (gradient noise scale = {@code grad_var / grad_sqr}). They are not speed observations, so they
 * are read here rather than by {@link PolluxImporter}.
 */
public final class PolluxValidation {

    /**
     * One row of a validation curve.
     *
     * @param job         job folder ({@code imagenet}, ...)
     * @param globalBatch global batch of the curve (from the file name)
     * @param progress    training progress (samples, as Pollux counts them)
     * @param iteration   iteration index
     * @param metric      the job's validation metric at this point
     * @param gradSqr     squared norm of the mean gradient
     * @param gradVar     variance of the gradient
     */
    public record Point(String job, int globalBatch, double progress, long iteration, double metric, double gradSqr,
                        double gradVar) {
        /** Gradient noise scale {@code grad_var / grad_sqr} (McCandlish et al., 2018), NaN when grad_sqr is 0. */
        public double noiseScale() {
            return gradSqr == 0 ? Double.NaN : gradVar / gradSqr;
        }
    }

    private static final Pattern FILE = Pattern.compile("validation-(\\d+)\\.csv");

    /** Every curve of one job folder, in ascending global batch. */
    public List<Point> read(Path jobFolder) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(jobFolder)) {
            files = s.filter(p -> FILE.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparingInt(p -> batchOf(p))).toList();
        }
        if (files.isEmpty()) {
            throw new DataFormatException(jobFolder.toString(), "no validation-<global batch>.csv file");
        }
        List<Point> out = new ArrayList<>();
        String job = jobFolder.toAbsolutePath().getFileName().toString();
        for (Path f : files) {
            int batch = batchOf(f);
            try (CsvReader csv = CsvReader.open(f, f.toString())) {
                csv.require("progress", "iteration", "metric", "grad_sqr", "grad_var");
                for (CsvRow r = csv.next(); r != null; r = csv.next()) {
                    out.add(new Point(job, batch, r.nonNegative("progress"), (long) r.nonNegative("iteration"),
                            r.number("metric"), r.nonNegative("grad_sqr"), r.nonNegative("grad_var")));
                }
            }
        }
        return out;
    }

    private static int batchOf(Path p) {
        Matcher m = FILE.matcher(p.getFileName().toString());
        return m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }
}
