package io.stepcast.datasets.importers;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.parquet.IterationTraceFiles;
import io.stepcast.datasets.trace.IterationRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** BigDL driver logs written by hand in BigDL's line formats (synthetic logs, not measured runs). */
class BigDlLogImporterTest {
    @TempDir
    Path dir;

    private static final String PREFIX = "2021-03-02 10:22:33 INFO  DistriOptimizer$:430 - ";

    private Path log(String name, String... lines) throws IOException {
        return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n");
    }

    @Test
    void iterationsEpochEndsAndAccuracyOfOneJob() throws IOException {
        Path f = log("driver.log",
                "Spark context started",
                PREFIX + "[Epoch 1 128/60000][Iteration 1][Wall Clock 2.5s] Trained 128 records in 2.5 seconds. Throughput is 51.2 records/second. Loss is 2.30.",
                PREFIX + "[Epoch 1 256/60000][Iteration 2][Wall Clock 3.5s] Trained 128 records in 1.0 seconds. Throughput is 128.0 records/second. Loss is 2.1.",
                "WARN some unrelated line",
                PREFIX + "[Epoch 1 384/60000][Iteration 3][Wall Clock 4.7s] Train 128 in 1.2seconds. Throughput is 106.7 records/second. Loss is 1.9.",
                PREFIX + "[Epoch 1 60000/60000][Iteration 3][Wall Clock 111.351252s] Epoch finished. Wall clock time is 111351.252 ms",
                PREFIX + "[Epoch 1 60000/60000][Iteration 3][Wall Clock 111.351252s] Top1Accuracy is Accuracy(correct: 9850, count: 10000, accuracy: 0.985)");
        BigDlLogImporter.Result r = new BigDlLogImporter("lenet5", 4, "mnist").readLog(f);
        assertThat(r.iterations()).hasSize(5);
        IterationRecord first = r.iterations().get(0);
        assertThat(first.kind()).isEqualTo(IterationRecord.Kind.ITERATION);
        assertThat(first.records().getAsLong()).isEqualTo(128);
        assertThat(first.loss().getAsDouble()).isEqualTo(2.30);
        assertThat(r.iterations().get(2).iterationTimeS().getAsDouble()).isEqualTo(1.2);
        assertThat(r.iterations().get(3).wallClockS().getAsDouble()).isCloseTo(111.351252, within(1e-9));
        assertThat(r.iterations().get(4).accuracy().getAsDouble()).isEqualTo(0.985);
        assertThat(r.iterations().get(4).correct().getAsLong()).isEqualTo(9850);

        Observation o = r.observations().observations().get(0);
        assertThat(o.config().model()).isEqualTo("lenet5");
        assertThat(o.config().workers()).isEqualTo(4);
        assertThat(o.config().localBatch()).isEqualTo(32);
        assertThat(o.value(Target.RESPONSE_TIME).getAsDouble()).isCloseTo(111.351252, within(1e-9));
        assertThat(o.value(Target.STEP_TIME).getAsDouble()).isCloseTo(1.1, within(1e-12));
        assertThat(o.value(Target.ACCURACY).getAsDouble()).isEqualTo(0.985);
        assertThat(o.source()).isEqualTo("bigdl-log:driver.log");

        Path out = dir.resolve("it.parquet");
        IterationTraceFiles.write(out, r.iterations());
        assertThat(IterationTraceFiles.read(out)).isEqualTo(r.iterations());
    }

    @Test
    void jobIdsInThePrefixKeepInterleavedJobsApart() throws IOException {
        Path f = log("two.log",
                "[job-a] [Epoch 1 128/1000][Iteration 1][Wall Clock 1s] Trained 128 records in 1 seconds. Throughput is 128 records/second. Loss is 2.",
                "[job-b] [Epoch 1 64/1000][Iteration 1][Wall Clock 1s] Trained 64 records in 0.5 seconds. Throughput is 128 records/second. Loss is 2.",
                "[job-a] [Epoch 1 256/1000][Iteration 2][Wall Clock 2s] Trained 128 records in 1 seconds. Throughput is 128 records/second. Loss is 1.",
                "[job-b] [Epoch 1 128/1000][Iteration 2][Wall Clock 1.5s] Trained 64 records in 0.5 seconds. Throughput is 128 records/second. Loss is 1.");
        List<Observation> obs = new BigDlLogImporter().read(f).observations();
        assertThat(obs).extracting(o -> o.tags().get("job")).containsExactly("job-a", "job-b");
        assertThat(obs.get(1).config().localBatch()).isEqualTo(64);
    }

    @Test
    void aRestartedCounterStartsTheNextJobButAnonymousInterleavingIsRefused() throws IOException {
        String it1 = "[Epoch 1 128/1000][Iteration 1][Wall Clock 1s] Trained 128 records in 1 seconds. Throughput is 128 records/second. Loss is 2.";
        String it2 = "[Epoch 1 256/1000][Iteration 2][Wall Clock 2s] Trained 128 records in 1 seconds. Throughput is 128 records/second. Loss is 2.";
        String it3 = "[Epoch 1 384/1000][Iteration 3][Wall Clock 3s] Trained 128 records in 1 seconds. Throughput is 128 records/second. Loss is 2.";
        assertThat(new BigDlLogImporter().read(log("seq.log", it1, it2, it1, it2)).observations()).hasSize(2);
        assertThatThrownBy(() -> new BigDlLogImporter().read(log("mixed.log", it1, it3, it2)))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("mixed.log:3")
                .hasMessageContaining("several jobs interleave");
    }

    @Test
    void badLinesAndFilesAreRefusedWithFileAndLine() throws IOException {
        assertThatThrownBy(() -> new BigDlLogImporter().read(log("neg.log",
                "[Epoch 1 128/1000][Iteration 1][Wall Clock 1s] Trained 128 records in -1 seconds. Throughput is 128 records/second. Loss is 2.")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("neg.log:1")
                .hasMessageContaining("iteration time");
        assertThatThrownBy(() -> new BigDlLogImporter().read(log("cut.log",
                "[Epoch 1 128/1000][Iteration 1][Wall Clock 1s] Trained 128 records in 1 seconds. Throughput is")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("cut.log:1");
        Path empty = Files.writeString(dir.resolve("empty.log"), "");
        assertThatThrownBy(() -> new BigDlLogImporter().read(empty)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> new BigDlLogImporter().read(log("other.csv", "placement,local_bsz", "1,2")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("not a BigDL driver log");
    }
}
