package io.stepcast.analytic.estimators;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The refusal of a form fitted per job names the default precision, which has no tag in a key, wherever precision is
 * in play: a mixed-precision row and its fitted mixed-precision sibling used to read as jobs of no precision beside
 * the {@code tf32} fit. Files without a precision name none.
 */
class UnfittedJobTest {
    private static final List<String> SSD_ON_A100 = List.of("ssd300v11@dgx-a100-80gb#allreduce",
            "ssd300v11@dgx-a100-80gb%tf32#allreduce");

    @Test
    void aMixedPrecisionRowAndTheMixedPrecisionFitSayFp16() {
        Config row = row("SSD300-v1.1", "dgx-1-v100", Precision.FP16);
        String reason = UnfittedJob.reason("ernest", row, GroupKey.of(row, "allreduce"), SSD_ON_A100);
        assertThat(reason).startsWith("ernest has no fit of SSD300-v1.1 on dgx-1-v100 at fp16 (allreduce):")
                .contains("has fits of SSD300-v1.1 on dgx-a100-80gb at fp16 (allreduce), dgx-a100-80gb at tf32"
                        + " (allreduce) only")
                .contains("rows of SSD300-v1.1 on dgx-1-v100 at fp16 (allreduce) at several worker counts");
    }

    @Test
    void anFp32RowNamesTheFitsAtTheDefaultPrecisionToo() {
        Config row = row("SSD300-v1.1", "dgx-1-v100", Precision.FP32);
        assertThat(UnfittedJob.reason("pollux", row, GroupKey.of(row), List.of("ssd300v11@dgx-a100-80gb")))
                .startsWith("pollux has no fit of SSD300-v1.1 on dgx-1-v100 at fp32:")
                .contains("has fits of SSD300-v1.1 on dgx-a100-80gb at fp16 only");
    }

    @Test
    void rowsThatNeverStateAPrecisionNameNone() {
        Config row = Config.builder().model("Transformer").hardware("v100").architecture(Architecture.ALLREDUCE)
                .workers(1).localBatch(64).build();
        String reason = UnfittedJob.reason("pollux", row, GroupKey.of(row),
                List.of("transformer@k80", "transformer@p100", "resnet50@v100"));
        assertThat(reason).startsWith("pollux has no fit of Transformer on v100:")
                .contains("has fits of Transformer on k80, p100 only")
                .doesNotContain(" at fp", " at tf");
    }

    private static Config row(String model, String hardware, Precision precision) {
        return Config.builder().model(model).hardware(hardware).architecture(Architecture.ALLREDUCE).workers(8)
                .localBatch(32).parallel(ParallelLayout.builder(1, 1, 8, 32, 1).precision(precision).build()).build();
    }
}
