package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.parquet.IterationTraceFiles;
import io.stepcast.datasets.parquet.ObservationFiles;
import io.stepcast.datasets.trace.IterationRecord;

import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * BigDL driver logs ({@code DistriOptimizer} / {@code LocalOptimizer} output) into an iteration trace and one
 * observation per job. Recognised lines, behind any log4j prefix and among any other lines:
 * <pre>
 * [Epoch 2 9600/15107][Iteration 194][Wall Clock 193.266637037s] Trained 128 records in 0.958591653 seconds. Throughput is 133.52922 records/second. Loss is 0.74216986.
 * [Epoch 1 128/60000][Iteration 1][Wall Clock 1.2s] Train 128 in 0.95seconds. Throughput is 134.7 records/second. Loss is 2.3.   (older releases)
 * [Epoch 2 60000/60000][Iteration 938][Wall Clock 111.35s] Epoch finished. Wall clock time is 111351.252 ms
 * ... Top1Accuracy is Accuracy(correct: 9850, count: 10000, accuracy: 0.985)
 * </pre>
 *
 * <p>Jobs: a log4j prefix naming the job ({@code [job-3]}, {@code [job 3]}, {@code application_..._0007},
 * {@code app-2021...-0001}) keeps interleaved jobs apart. Without such an id, an iteration counter that
 * restarts at 1 starts the next job ({@code job-1}, {@code job-2}, ...), and any other backwards jump
 * means several jobs interleave anonymously: the log is refused (split it per job).
 *
 * <p>Observation per job (our choices): the model, workers and dataset come from the importer's options
 * (the log does not say; the batch is the records of an iteration, BigDL's global batch, divided by the
 * workers); {@code responseTimeS} = wall clock at the last epoch end (BigDL's training time, Courier's
 * response time), else at the last iteration; {@code stepTimeS} = mean iteration time without the first
 * iteration (warm-up) when there are several; {@code accuracy} = the last Top-1 accuracy; tags
 * {@code job}, {@code epochs}, {@code iterations}.
 */
public final class BigDlLogImporter implements ObservationImporter, ParquetImport {
    private static final String NUM = "([-+]?[0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?|NaN)";
    private static final Pattern HEADER = Pattern.compile(
            "\\[Epoch (\\d+) (\\d+)/(\\d+)\\]\\[Iteration (\\d+)\\]\\[Wall Clock " + NUM + "\\s*s\\]");
    private static final Pattern TRAINED = Pattern.compile(
            "Trained (\\d+) records in " + NUM + " seconds\\. Throughput is " + NUM
                    + " records/second\\. Loss is " + NUM);
    private static final Pattern TRAIN_OLD = Pattern.compile(
            "Train (\\d+) in " + NUM + "\\s*seconds\\. Throughput is " + NUM + " records/second\\. Loss is " + NUM);
    private static final Pattern EPOCH_END = Pattern.compile("Epoch finished\\. Wall clock time is " + NUM + " ms");
    private static final Pattern ACCURACY = Pattern.compile(
            "Top1Accuracy is Accuracy\\(correct: (\\d+), count: (\\d+), accuracy: " + NUM + "\\)");
    private static final Pattern JOB_ID = Pattern.compile(
            "\\[job[-_ :=]?([\\w.-]+)\\]|(application_\\d+_\\d+)|(app-\\d+-\\d+)", Pattern.CASE_INSENSITIVE);

    private final String model;
    private final int workers;
    private final String dataset;

    /** Jobs of an unknown model on one worker. */
    public BigDlLogImporter() {
        this("bigdl-job", 1, null);
    }

    /**
     * @param model   model name for the observations (e.g. {@code lenet5})
     * @param workers executor cores of the job (BigDL's global batch is split over them)
     * @param dataset dataset name, or null
     */
    public BigDlLogImporter(String model, int workers, String dataset) {
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("model must not be empty");
        }
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, was " + workers);
        }
        this.model = model;
        this.workers = workers;
        this.dataset = dataset;
    }

    @Override
    public String name() {
        return "bigdl-log";
    }

    /** The iteration trace and the observations of a log. */
    public record Result(List<IterationRecord> iterations, ImportedObservations observations) {
        public Result {
            iterations = List.copyOf(iterations);
        }
    }

    @Override
    public String description() {
        return "BigDL driver logs into an iteration trace (--observations: one observation per job; "
                + "--model, --workers, --dataset describe the job)";
    }

    @Override
    public Optional<DataSource> source() {
        return Optional.empty();
    }

    @Override
    public ImportedObservations importFile(Path input, ImportOptions options) throws IOException {
        return configured(options).readLog(input).observations();
    }

    /** Writes the iteration trace to {@code out} and, when asked, the jobs' observations. */
    @Override
    public List<String> importToParquet(Path input, Path out, Optional<Path> observations, ImportOptions options)
            throws IOException {
        Result r = configured(options).readLog(input);
        List<String> lines = new ArrayList<>();
        long n = IterationTraceFiles.write(out, r.iterations());
        lines.add(String.format("%s: wrote %,d iteration-trace rows to %s", name(), n, out));
        if (observations.isPresent()) {
            long m = ObservationFiles.write(observations.get(), r.observations().observations());
            lines.add(String.format("%s: wrote %,d observations to %s", name(), m, observations.get()));
        }
        return lines;
    }

    private static BigDlLogImporter configured(ImportOptions options) {
        return new BigDlLogImporter(options.model().orElse("bigdl-job"), options.workers().orElse(1),
                options.dataset().orElse(null));
    }

    /** The observations of a log, one per job. */
    public ImportedObservations read(Path input) throws IOException {
        return readLog(input).observations();
    }

    /** Reads a log into its iteration trace and observations. */
    public Result readLog(Path file) throws IOException {
        String where = file.toString();
        if (!Files.isRegularFile(file)) {
            throw new FileNotFoundException(file + ": no such file");
        }
        if (Files.size(file) == 0) {
            throw new DataFormatException(where, "the file is empty (a BigDL driver log was expected)");
        }
        Map<String, JobState> jobs = new LinkedHashMap<>();
        List<IterationRecord> rows = new ArrayList<>();
        String anonymous = null;
        int anonymousCount = 0;
        long lineNo = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                boolean iterationLike = line.contains("Throughput is") && line.contains("[Iteration ");
                boolean epochLike = line.contains("Epoch finished");
                boolean accuracyLike = line.contains("Top1Accuracy is");
                if (!iterationLike && !epochLike && !accuracyLike) {
                    continue;
                }
                Matcher h = HEADER.matcher(line);
                boolean hasHeader = h.find();
                String prefix = hasHeader ? line.substring(0, h.start()) : line;
                Matcher jm = JOB_ID.matcher(prefix);
                String explicit = null;
                if (jm.find()) {
                    explicit = jm.group(1) != null ? "job-" + jm.group(1) : jm.group(2) != null ? jm.group(2) : jm.group(3);
                }
                String at = where + ":" + lineNo;
                if ((iterationLike || epochLike) && !hasHeader) {
                    throw new DataFormatException(at, "a BigDL progress line without a readable "
                            + "[Epoch e n/N][Iteration i][Wall Clock ts] header");
                }
                String job;
                if (explicit != null) {
                    job = explicit;
                } else {
                    if (anonymous == null) {
                        anonymousCount = 1;
                        anonymous = "job-1";
                    }
                    if (iterationLike) {
                        long it = Long.parseLong(h.group(4));
                        JobState s = jobs.get(anonymous);
                        if (s != null && s.lastIteration >= 0 && it <= s.lastIteration) {
                            if (it == 1) {
                                anonymousCount++;
                                anonymous = "job-" + anonymousCount;
                            } else {
                                throw new DataFormatException(at, "iteration " + it + " after iteration "
                                        + s.lastIteration + ": several jobs interleave in this log without a job id "
                                        + "in their prefix; split the log per job");
                            }
                        }
                    }
                    job = anonymous;
                }
                JobState state = jobs.computeIfAbsent(job, JobState::new);
                if (iterationLike) {
                    rows.add(iteration(line, h, job, state, at));
                } else if (epochLike) {
                    Matcher m = EPOCH_END.matcher(line);
                    if (!m.find()) {
                        throw new DataFormatException(at, "unreadable 'Epoch finished' line");
                    }
                    double ms = nonNegative(m.group(1), at, "wall clock time");
                    int epoch = Integer.parseInt(h.group(1));
                    state.epochs = Math.max(state.epochs, epoch);
                    state.lastEpochEndS = ms / 1000.0;
                    rows.add(IterationRecord.epochEnd(job, epoch, ms / 1000.0));
                } else {
                    Matcher m = ACCURACY.matcher(line);
                    if (!m.find()) {
                        throw new DataFormatException(at, "unreadable Top1Accuracy line");
                    }
                    double acc = nonNegative(m.group(3), at, "accuracy");
                    if (acc > 1) {
                        throw new DataFormatException(at, "field accuracy: must be a fraction, was " + acc);
                    }
                    int epoch = hasHeader ? Integer.parseInt(h.group(1)) : Math.max(state.epochs, 1);
                    state.accuracy = OptionalDouble.of(acc);
                    rows.add(IterationRecord.validation(job, epoch, acc, OptionalLong.of(Long.parseLong(m.group(1))),
                            OptionalLong.of(Long.parseLong(m.group(2)))));
                }
            }
        }
        if (rows.isEmpty()) {
            throw new DataFormatException(where, "no BigDL training line ('[Epoch ...][Iteration ...] Trained ...'): "
                    + "not a BigDL driver log");
        }
        List<Observation> obs = new ArrayList<>();
        for (JobState s : jobs.values()) {
            if (s.iterations > 0) {
                obs.add(observation(s, file.getFileName().toString(), where));
            }
        }
        return new Result(rows, ImportedObservations.of(obs));
    }

    private IterationRecord iteration(String line, Matcher h, String job, JobState state, String at)
            throws DataFormatException {
        Matcher m = TRAINED.matcher(line);
        if (!m.find(h.end())) {
            m = TRAIN_OLD.matcher(line);
            if (!m.find(h.end())) {
                throw new DataFormatException(at, "unreadable BigDL iteration line (expected 'Trained N records in "
                        + "T seconds. Throughput is X records/second. Loss is L.')");
            }
        }
        int epoch = Integer.parseInt(h.group(1));
        long iteration = Long.parseLong(h.group(4));
        double wall = nonNegative(h.group(5), at, "wall clock");
        long records = Long.parseLong(m.group(1));
        double seconds = nonNegative(m.group(2), at, "iteration time");
        double throughput = nonNegative(m.group(3), at, "throughput");
        OptionalDouble loss = m.group(4).equals("NaN") ? OptionalDouble.empty()
                : OptionalDouble.of(Double.parseDouble(m.group(4)));
        state.lastIteration = iteration;
        state.iterations++;
        state.lastWallS = wall;
        state.epochs = Math.max(state.epochs, epoch);
        if (state.iterations == 1) {
            state.firstTimeS = seconds;
        } else {
            state.sumTimeS += seconds;
        }
        state.records = records;
        return IterationRecord.iteration(job, epoch, iteration, wall, records, seconds, OptionalDouble.of(throughput),
                loss);
    }

    private static double nonNegative(String text, String at, String field) throws DataFormatException {
        double d = Double.parseDouble(text);
        if (!Double.isFinite(d) || d < 0) {
            throw new DataFormatException(at, "field " + field + ": must be a non-negative number, was " + text);
        }
        return d;
    }

    private Observation observation(JobState s, String fileName, String where) throws DataFormatException {
        double step = s.iterations > 1 ? s.sumTimeS / (s.iterations - 1) : s.firstTimeS;
        long batch = s.records;
        int local = (int) Math.max(1, batch / workers);
        try {
            Config c = Config.builder().model(model).framework("bigdl").dataset(dataset)
                    .architecture(Architecture.ALLREDUCE).workers(workers).nodes(1).localBatch(local).build();
            Measurements.Builder m = Measurements.builder();
            if (step > 0) {
                m.stepTimeS(step);
            }
            double response = s.lastEpochEndS > 0 ? s.lastEpochEndS : s.lastWallS;
            if (response > 0) {
                m.responseTimeS(response);
            }
            s.accuracy.ifPresent(m::accuracy);
            Map<String, String> tags = new LinkedHashMap<>();
            tags.put("job", s.job);
            tags.put("epochs", Integer.toString(s.epochs));
            tags.put("iterations", Long.toString(s.iterations));
            if (batch % workers != 0) {
                tags.put("global_batch", Long.toString(batch));
            }
            return new Observation(c, m.build(), "bigdl-log:" + fileName, 0, tags);
        } catch (IllegalArgumentException e) {
            throw new DataFormatException(where + " job " + s.job, e.getMessage());
        }
    }

    private static final class JobState {
        final String job;
        long lastIteration = -1;
        long iterations;
        int epochs;
        double lastWallS;
        double lastEpochEndS;
        double firstTimeS;
        double sumTimeS;
        long records;
        OptionalDouble accuracy = OptionalDouble.empty();

        JobState(String job) {
            this.job = job;
        }
    }
}
