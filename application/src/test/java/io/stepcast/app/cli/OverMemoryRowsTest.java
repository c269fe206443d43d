package io.stepcast.app.cli;

import io.stepcast.api.Prediction;
import io.stepcast.api.Target;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.evaluation.SyntheticObservations;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.api.Observation;
import io.stepcast.api.hardware.HardwareCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/** The memory verdict of predict and evaluate's count of test rows that do not fit, on synthetic points. */
class OverMemoryRowsTest {
    private static final double GIB = 1L << 30;
    private static final Optional<HardwareCatalog> CATALOG = Optional.of(new DefaultHardwareCatalog());

    private static ScoredPoint point(String predictor, String split, Observation o, OptionalDouble peak) {
        return new ScoredPoint("synthetic", "kfold:2", split, predictor, Target.STEP_TIME, o, 1.0,
                Prediction.of(1.0), Optional.empty(), peak);
    }

    private static Optional<String> note(List<ScoredPoint> points) {
        return OverMemoryRows.note(points, p -> MemoryVerdict.of(p.peakMemoryBytes().getAsDouble(),
                p.config().deployment().hardware(), CATALOG));
    }

    @Test
    void aVerdictComparesThePeakWithTheCataloguedGpu() {
        // 81.7e9 bytes fit an "80 GB" GPU: its memory is 80 GiB, 85.9e9 bytes (nvidia-smi: 81,920 MiB).
        assertThat(MemoryVerdict.of(81.7e9, "dgx-a100-80gb", CATALOG).fitsText()).isEqualTo("yes");
        MemoryVerdict over = MemoryVerdict.of(86.5e9, "dgx-a100-80gb", CATALOG);
        assertThat(over.fits()).contains(false);
        assertThat(over.overflows()).isTrue();
        assertThat(over.peakGib()).isEqualTo("80.6");
        assertThat(over.deviceGib()).isEqualTo("80.0");
        assertThat(over.fitsText()).isEqualTo("NO");
        assertThat(MemoryVerdict.of(40e9, "dgx-a100-80gb", CATALOG).fitsText()).isEqualTo("yes");
        // A label the catalog does not know: no verdict, never "fits".
        MemoryVerdict unknown = MemoryVerdict.of(82.5e9, "synthetic-cluster", CATALOG);
        assertThat(unknown.fits()).isEmpty();
        assertThat(unknown.overflows()).isFalse();
        assertThat(unknown.fitsText()).isEqualTo("?");
    }

    @Test
    void countsEachHeldOutRowOnceAndNamesTheLargestOverflow() {
        Observation fits = SyntheticObservations.of("synthetic-gpt-a", "dgx-a100-80gb", 8, 1, 2);
        Observation over = SyntheticObservations.of("synthetic-gpt-b", "dgx-a100-80gb", 16, 2, 2);
        Observation worse = SyntheticObservations.of("synthetic-gpt-c", "dgx-a100", 8, 1, 2);
        Observation unknown = SyntheticObservations.of("synthetic-gpt-d", "synthetic-cluster", 8, 1, 2);
        List<ScoredPoint> points = List.of(
                point("megatron-analytic", "fold-1", fits, OptionalDouble.of(40e9)),
                point("megatron-analytic", "fold-1", over, OptionalDouble.of(90e9)),
                // the same row in another split and by another predictor: still one row
                point("megatron-analytic", "fold-2", over, OptionalDouble.of(90e9)),
                point("megatron-simulation", "fold-1", over, OptionalDouble.of(90e9)),
                point("megatron-simulation", "fold-1", worse, OptionalDouble.of(60 * GIB)),
                point("megatron-analytic", "fold-1", unknown, OptionalDouble.of(900e9)),
                point("linear-scaling", "fold-1", fits, OptionalDouble.empty()));
        assertThat(note(points)).contains("2 of 4 test rows with a memory estimate are predicted not to fit the GPU's "
                + "memory (megatron-analytic, megatron-simulation; the largest: synthetic-gpt-c on 8 workers of dgx-a100 "
                + "needs 60.0 GiB per GPU, the GPU has 40.0 GiB); their times are scored all the same");
        // The 40 GB DGX A100's row (60 GiB) would fit the 80 GB one; the 80 GB rows (90e9 bytes) fit no A100.
        assertThat(OverMemoryRows.variants(points, p -> MemoryVerdict.of(p.peakMemoryBytes().getAsDouble(),
                p.config().deployment().hardware(), CATALOG), CATALOG)).containsExactly("dgx-a100 has A100-SXM4-40GB"
                + " (40.0 GiB); with A100-SXM4-80GB (80.0 GiB), dgx-a100-80gb, it would fit: state the GPUs' memory in"
                + " the label if yours had them");
        assertThat(note(points.subList(0, 1))).isEmpty();
        assertThat(note(List.of(points.get(5), points.get(6)))).isEmpty();
    }
}
