package io.stepcast.models.predictor;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The precision rule every keyed predictor applies (synthetic configurations, mechanics only). */
class MeasuredPrecisionsTest {
    private static Config row(Precision precision) {
        Config.Builder b = Config.builder().model("synthetic-net").architecture(Architecture.ALLREDUCE).workers(8)
                .nodes(1).hardware("dgx-a100").localBatch(64);
        if (precision != null) {
            b.parallel(ParallelLayout.builder(1, 1, 8, 64, 1).precision(precision).build());
        }
        return b.build();
    }

    @Test
    void aRowWithoutAPrecisionIsAnsweredWhenTheJobWasMeasuredAtOne() {
        assertThat(MeasuredPrecisions.mismatch(row(null), List.of(""), "job")).isEmpty();
        assertThat(MeasuredPrecisions.mismatch(row(null), List.of("tf32"), "job")).isEmpty();
        assertThat(MeasuredPrecisions.mismatch(row(null), List.of("", "tf32"), "job")).hasValueSatisfying(
                why -> assertThat(why).contains("job was measured at fp16 (amp, or no precision stated), tf32",
                        "states no precision"));
    }

    @Test
    void aStatedPrecisionIsAnsweredWhenMeasuredOrWhenNoMeasurementStatedOne() {
        assertThat(MeasuredPrecisions.mismatch(row(Precision.TF32), List.of("", "tf32"), "job")).isEmpty();
        assertThat(MeasuredPrecisions.mismatch(row(Precision.FP16), List.of("", "tf32"), "job")).isEmpty();
        assertThat(MeasuredPrecisions.mismatch(row(Precision.FP32), List.of(""), "job")).isEmpty();
        assertThat(MeasuredPrecisions.mismatch(row(Precision.BF16), List.of("fp32"), "job")).hasValueSatisfying(
                why -> assertThat(why).contains("measured at fp32, not at bf16", "column precision"));
        assertThat(MeasuredPrecisions.mismatch(row(Precision.FP32), List.of(), "job")).isEmpty();
    }
}
