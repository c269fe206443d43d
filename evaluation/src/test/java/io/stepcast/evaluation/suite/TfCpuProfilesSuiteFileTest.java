package io.stepcast.evaluation.suite;

import io.stepcast.datasets.importers.TfCpuRecordings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The built-in suite file of tf-cpu-profiles, the selection's known_batch key, and the missing-folder error. */
class TfCpuProfilesSuiteFileTest {

    @Test
    void builtInSuiteScoresSelectionWithTheSmallestBatchKnownAndReproducesTheRecordings() throws IOException {
        Suite s = Suites.load("tf-cpu-profiles");
        assertThat(s.datasets()).singleElement().satisfies(d -> assertThat(d.source()).isEqualTo("tf-cpu-profiles"));
        assertThat(s.selection()).singleElement().satisfies(x -> {
            assertThat(x.knownBatch()).isEqualTo("smallest");
            assertThat(x.protocol()).isEqualTo("logo:model");
            assertThat(x.latency()).isEqualTo("step-time");
        });
        assertThat(s.reproduction()).containsExactly("tf-cpu-profiles");
        assertThat(Reproductions.builtIn().get("tf-cpu-profiles")).isInstanceOf(TfCpuProfilesReproduction.class);
    }

    @Test
    void knownBatchDefaultsToNoneAndRefusesOtherValues() throws IOException {
        String ok = "name: x\nselection:\n  - dataset: d\n";
        assertThat(Suites.parse(in(ok), true, "ok.yaml").selection().get(0).knownBatch()).isEqualTo("none");
        String bad = "name: x\nselection:\n  - dataset: d\n    known_batch: largest\n";
        assertThatThrownBy(() -> Suites.parse(in(bad), true, "bad.yaml"))
                .hasMessageContaining("bad.yaml").hasMessageContaining("known_batch must be none or smallest");
    }

    @Test
    void missingRecordingsFailWithOneLineSayingHowToRecordThem(@TempDir Path data) {
        assertThatThrownBy(() -> TfCpuRecordings.read(Optional.of(data), null))
                .isInstanceOf(IOException.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n")
                        .contains(data.resolve("tf-cpu-profiles").resolve("observations.parquet").toString())
                        .contains("stepcast profile tensorflow --model lenet5"));
        assertThatThrownBy(() -> TfCpuRecordings.read(Optional.empty(), null))
                .hasMessageContaining("no --data folder given");
    }

    private static ByteArrayInputStream in(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }
}
