package io.stepcast.queueing.fit;

import io.stepcast.models.compute.ParameterPasses;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The mechanics of {@link BatchCompute} and {@link ParameterPasses} on synthetic step times. */
class BatchComputeTest {
    private static CalibratedBasis<String> basis(String model, int batch, double step, String hardware) {
        return new CalibratedBasis<>(new SingleWorkerBasis(model, batch, step, OptionalLong.of(100_000_000L),
                Optional.empty(), false, "synthetic", hardware, false), new Calibrated.Ready<>("state"));
    }

    @Test
    void twoBatchesOfOneMachineGiveTheFixedPart() {
        // Synthetic: t(b) = 0.02 + 0.001 b on k80, and a proportional curve of another machine that must be ignored.
        List<CalibratedBasis<String>> entries = List.of(basis("m", 32, 0.052, "k80"), basis("m", 64, 0.084, "k80"),
                basis("m", 16, 0.016, "p100"), basis("m", 64, 0.064, "p100"));
        BatchCompute k80 = BatchCompute.of(entries, entries.get(0).basis());
        assertThat(k80.measured()).isTrue();
        assertThat(k80.fixedS()).isCloseTo(0.02, within(1e-12));
        assertThat(k80.perSampleS()).isCloseTo(0.001, within(1e-12));
        assertThat(k80.ratio(32, 8)).isCloseTo(0.028 / 0.052, within(1e-12));
        assertThat(new BasisTable<>(entries).batchRatio(entries.get(0).basis(), 8,
                new ParameterPasses(Optional.empty()))).isCloseTo(0.028 / 0.052, within(1e-12));
        assertThat(BatchCompute.of(entries, entries.get(2).basis()).fixedS()).isZero();
    }

    @Test
    void aNegativeFixedPartFallsBackToProportional() {
        List<CalibratedBasis<String>> entries = List.of(basis("m", 32, 0.030, "k80"), basis("m", 64, 0.064, "k80"));
        assertThat(BatchCompute.of(entries, entries.get(0).basis()).ratio(32, 8)).isCloseTo(0.25, within(1e-12));
    }

    @Test
    void oneBatchTakesTheParameterPassesOfTheCataloguedDevice() {
        // K80: 240 GB/s in the catalog; 6 passes over 100 MB take 2.5 ms.
        ParameterPasses passes = new ParameterPasses(Optional.of(new DefaultHardwareCatalog()));
        assertThat(passes.fixedSeconds("K80", OptionalLong.of(100_000_000L)).getAsDouble())
                .isCloseTo(6 * 1e8 / 240e9, within(1e-12));
        assertThat(passes.fixedSeconds("no-such-gpu", OptionalLong.of(100_000_000L))).isEmpty();
        List<CalibratedBasis<String>> one = List.of(basis("m", 64, 0.5, "K80"));
        double a = 6 * 1e8 / 240e9;
        assertThat(new BasisTable<>(one).batchRatio(one.get(0).basis(), 1, passes))
                .isCloseTo((a + (0.5 - a) / 64) / 0.5, within(1e-12));
        assertThat(new BasisTable<>(one).batchRatio(one.get(0).basis(), 1, new ParameterPasses(Optional.empty())))
                .isCloseTo(1.0 / 64, within(1e-12));
    }
}
