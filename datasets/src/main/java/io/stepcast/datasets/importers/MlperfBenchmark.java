package io.stepcast.datasets.importers;

import io.stepcast.datasets.io.DataFormatException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The MLPerf Training benchmarks {@code mlperf-log} reads, each with its model in the zoo's name, its dataset and how
 * its log states the run's throughput (each benchmark logs differently).
 */
enum MlperfBenchmark {
    /**
     * ResNet-50 v1.5 on ImageNet: the median of the log's per-epoch {@code throughput} events (NVIDIA's v1.0 MXNet
     * logs write one after each epoch), else the training set's {@code train_samples} images over the median
     * {@code epoch_start} to {@code epoch_stop} interval (v0.7 logs no {@code throughput}). A median, so that the
     * first epoch's warm-up and an epoch that ran beside an evaluation do not move it.
     */
    RESNET("resnet", "ResNet-50", "imagenet") {
        @Override
        Throughput throughput(MlperfLog.Run run) throws DataFormatException {
            if (!run.throughputs().isEmpty()) {
                return new Throughput(median(run.throughputs()), "median of " + run.throughputs().size()
                        + " 'throughput' events");
            }
            if (run.epochMillis().isEmpty()) {
                throw new DataFormatException(run.file().toString(), "no throughput: the log has no 'throughput' "
                        + "events and no epoch_start/epoch_stop pair");
            }
            if (run.trainSamples().isEmpty()) {
                throw new DataFormatException(run.file().toString(), "no throughput: the log times its epochs but has "
                        + "no train_samples event to divide by");
            }
            List<Double> seconds = run.epochMillis().values().stream().map(ms -> ms / 1000.0).toList();
            return new Throughput(run.trainSamples().getAsLong() / median(seconds), run.trainSamples().getAsLong()
                    + " train_samples over the median of " + seconds.size() + " epoch_start-epoch_stop intervals");
        }
    },
    /** BERT-large phase-2 pre-training: the run's closing {@code training_sequences_per_second}. */
    BERT("bert", "BERT-large", null) {
        @Override
        Throughput throughput(MlperfLog.Run run) throws DataFormatException {
            if (run.sequencesPerSecond().isEmpty()) {
                throw new DataFormatException(run.file().toString(), "no throughput: the log has no closing "
                        + "'training_sequences_per_second' (did the run stop before its end?)");
            }
            return new Throughput(run.sequencesPerSecond().getAsDouble(), "closing training_sequences_per_second");
        }
    };

    private final String logged;
    private final String model;
    private final String dataset;

    MlperfBenchmark(String logged, String model, String dataset) {
        this.logged = logged;
        this.model = model;
        this.dataset = dataset;
    }

    /**
     * A run's throughput and where it came from.
     *
     * @param samplesPerS samples (images, sequences) per second, all GPUs together
     * @param basis       the log's events it was derived from
     */
    record Throughput(double samplesPerS, String basis) {
    }

    /** The throughput the run's log states. */
    abstract Throughput throughput(MlperfLog.Run run) throws DataFormatException;

    /** The model as the zoo names it. */
    String model() {
        return model;
    }

    /** The dataset the benchmark defines, when the zoo's models need it. */
    Optional<String> dataset() {
        return Optional.ofNullable(dataset);
    }

    /** The benchmark a log's {@code submission_benchmark} names, or a one-line error with the supported ones. */
    static MlperfBenchmark of(MlperfLog.Run run) throws DataFormatException {
        return find(run).orElseThrow(() -> DataFormatException.at(run.file().toString(), run.benchmark().line(),
                "benchmark '" + run.benchmark().value() + "' is not supported: mlperf-log reads " + supported()));
    }

    /** The benchmark a log's {@code submission_benchmark} names, when it is a supported one. */
    static Optional<MlperfBenchmark> find(MlperfLog.Run run) {
        String name = run.benchmark().value().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(b -> b.logged.equals(name)).findFirst();
    }

    /** The supported benchmarks in words: {@code resnet (ResNet-50) and bert (BERT-large)}. */
    static String supported() {
        List<String> supported = new ArrayList<>();
        Arrays.stream(values()).forEach(b -> supported.add(b.logged + " (" + b.model + ")"));
        return String.join(" and ", supported);
    }

    /** The median of non-empty values. */
    static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    }
}
