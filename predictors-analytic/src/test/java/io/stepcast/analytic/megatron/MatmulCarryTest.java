package io.stepcast.analytic.megatron;

import io.stepcast.api.hardware.DeviceKind;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The carry of the fitted matmul efficiency between GPUs by their measured shares of peak: synthetic devices for the
 * mechanics, the catalog's A100, H100 and B200 (ml-engineering's MAMF table) for the factor the published runs get.
 */
class MatmulCarryTest {
    private static DeviceSpec synthetic(String name, OptionalDouble fraction) {
        return new DeviceSpec(name, List.of(), DeviceKind.GPU, OptionalDouble.of(10), OptionalDouble.of(100),
                OptionalDouble.of(100), OptionalDouble.of(16), OptionalDouble.of(1000), "synthetic", OptionalInt.empty(),
                OptionalDouble.empty(), OptionalDouble.empty(), fraction);
    }

    private final DeviceSpec high = synthetic("synthetic-high", OptionalDouble.of(0.8));
    private final DeviceSpec low = synthetic("synthetic-low", OptionalDouble.of(0.6));
    private final DeviceSpec unknown = synthetic("synthetic-unmeasured", OptionalDouble.empty());

    @Test
    void theEfficiencyCarriesByTheRatioOfTheMeasuredShares() {
        MatmulCarry c = MatmulCarry.fittedOn("mamf", List.of(high));
        assertThat(c.scales()).isTrue();
        assertThat(c.scale(low)).isCloseTo(0.75, within(1e-12));
        assertThat(c.scale(high)).isEqualTo(1.0);
        // A GPU nobody measured is costed as fitted.
        assertThat(c.scale(unknown)).isEqualTo(1.0);
        assertThat(c.text(unknown)).hasValueSatisfying(t -> assertThat(t).contains("applied as fitted"));
        assertThat(c.text(low)).hasValueSatisfying(t -> assertThat(t).contains("x 0.750"));
    }

    @Test
    void noneOrAFitOnGpusOfDifferentOrUnknownSharesCarriesNothing() {
        assertThat(MatmulCarry.fittedOn("none", List.of(high)).scale(low)).isEqualTo(1.0);
        assertThat(MatmulCarry.fittedOn("mamf", List.of(high, low)).scales()).isFalse();
        assertThat(MatmulCarry.fittedOn("mamf", List.of(high, unknown)).scales()).isFalse();
        assertThat(MatmulCarry.fittedOn("mamf", List.of()).scales()).isFalse();
        assertThat(MatmulCarry.NONE.text(low)).isEmpty();
    }

    @Test
    void theVtrainConstantsCarryFromTheA100ToTheH100AndB200() {
        DefaultHardwareCatalog catalog = new DefaultHardwareCatalog();
        MatmulCarry c = MatmulCarry.vtrain("mamf", catalog);
        assertThat(c.fittedDevice()).isEqualTo("A100-SXM4-80GB");
        assertThat(c.scale(catalog.device("H100-SXM5-80GB").orElseThrow())).isCloseTo(0.8033 / 0.8692, within(1e-12));
        assertThat(c.scale(catalog.device("B200").orElseThrow())).isCloseTo(0.7756 / 0.8692, within(1e-12));
        assertThat(c.scale(catalog.device("A100-SXM4-40GB").orElseThrow())).isEqualTo(1.0);
        assertThat(c.scale(catalog.device("V100-SXM2-16GB").orElseThrow())).isEqualTo(1.0);
    }
}
