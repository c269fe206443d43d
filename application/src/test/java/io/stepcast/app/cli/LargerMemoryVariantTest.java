package io.stepcast.app.cli;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The larger-memory variant of a system a run would not fit, on synthetic peaks against the embedded catalog. */
class LargerMemoryVariantTest {
    private static final double GIB = 1L << 30;
    private static final HardwareCatalog CATALOG = new DefaultHardwareCatalog();

    @Test
    void aPeakAboveTheFortyGigabyteA100ButBelowTheEightyNamesTheCataloguedEightyGigabyteSystem() {
        assertThat(LargerMemoryVariant.note("dgx-a100", 55 * GIB, CATALOG)).contains("dgx-a100 has A100-SXM4-40GB"
                + " (40.0 GiB); with A100-SXM4-80GB (80.0 GiB), dgx-a100-80gb, it would fit: state the GPUs' memory in"
                + " the label if yours had them");
    }

    @Test
    void aSystemWithoutACataloguedVariantIsComposedWithTheLargerGpu() {
        assertThat(LargerMemoryVariant.note("dgx-1-v100", 20 * GIB, CATALOG).orElseThrow())
                .contains("with V100-SXM2-32GB (32.0 GiB), dgx-1-v100+device=V100-SXM2-32GB, it would fit");
    }

    @Test
    void noVariantWhenNoneHoldsThePeakOrTheLabelStatesItsDeviceOrIsTheLargest() {
        assertThat(LargerMemoryVariant.note("dgx-a100", 90 * GIB, CATALOG)).isEmpty();
        assertThat(LargerMemoryVariant.note("dgx-a100-80gb", 90 * GIB, CATALOG)).isEmpty();
        assertThat(LargerMemoryVariant.note("dgx-1-v100+device=V100-SXM2-32GB", 40 * GIB, CATALOG)).isEmpty();
        assertThat(LargerMemoryVariant.note("A100-SXM4-40GB", 55 * GIB, CATALOG)).isEmpty();
    }
}
