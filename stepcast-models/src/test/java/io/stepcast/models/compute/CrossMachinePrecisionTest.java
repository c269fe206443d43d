package io.stepcast.models.compute;

import io.stepcast.api.Precision;
import io.stepcast.api.hardware.DeviceKind;
import io.stepcast.api.hardware.DeviceSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Which peaks a job's speeds take on the two devices it is carried between. The devices carry the datasheet figures
 * of the hardware catalog's entries (FP32, FP16, BF16, memory bandwidth, TF32; dense tensor-core figures).
 */
class CrossMachinePrecisionTest {
    private static final DeviceSpec V100 = device("V100-SXM2-16GB", 15.7, 125, OptionalDouble.empty(), 900,
            OptionalDouble.empty());
    private static final DeviceSpec A100 = device("A100-SXM4-80GB", 19.5, 312, OptionalDouble.of(312), 2039,
            OptionalDouble.of(156));
    private static final DeviceSpec H100 = device("H100-SXM5-80GB", 67, 989.4, OptionalDouble.of(989.4), 3350,
            OptionalDouble.of(494.7));

    private static DeviceSpec device(String name, double fp32, double fp16, OptionalDouble bf16, double bandwidth,
                                     OptionalDouble tf32) {
        return new DeviceSpec(name, List.of(), DeviceKind.GPU, OptionalDouble.of(fp32), OptionalDouble.of(fp16), bf16,
                OptionalDouble.of(80), OptionalDouble.of(bandwidth), "datasheet", OptionalInt.empty(), tf32,
                OptionalDouble.empty());
    }

    @Test
    void fp32CodeBetweenTwoGpusWithTensorCoresComparesTheirTf32Figures() {
        Precision ours = CrossMachinePrecision.peak(Optional.of(Precision.FP32));
        Precision theirs = CrossMachinePrecision.peak(Optional.of(Precision.TF32));
        assertThat(CrossMachinePrecision.pair(ours, H100, theirs, A100))
                .isEqualTo(new CrossMachinePrecision.Peaks(Precision.TF32, Precision.TF32));
        // No stated precision is FP32 code, as the tables without the column ran.
        assertThat(CrossMachinePrecision.pair(CrossMachinePrecision.peak(Optional.empty()), A100, ours, H100).label())
                .isEqualTo("tf32 peaks");
        // The speed ratio then follows the tensor cores: sqrt(494.7 x 3350) / sqrt(156 x 2039).
        double ratio = DeviceSpeed.of(H100, Precision.TF32).orElseThrow() / DeviceSpeed.of(A100, Precision.TF32)
                .orElseThrow();
        assertThat(ratio).isCloseTo(Math.sqrt(494.7 * 3350 / (156 * 2039.0)), within(1e-12));
    }

    /**
     * With one side without TF32 both keep their FP32 figures, and the basis says which way that leans: slow on the
     * A100, fast on a V100 carried from an A100 (DeepLearningExamples' nnU-Net V100 FP32 rows came out 1.4-2.8 times
     * as fast as measured from the DGX A100's TF32 rows, docs/examples/nnunet-dgxa100-train.csv).
     */
    @Test
    void withOneSideWithoutTf32BothKeepTheFp32FiguresAndSayWhichWayTheyLean() {
        CrossMachinePrecision.Peaks toA100 = CrossMachinePrecision.pair(Precision.FP32, A100, Precision.FP32, V100);
        assertThat(toA100.ours()).isEqualTo(Precision.FP32);
        assertThat(toA100.theirs()).isEqualTo(Precision.FP32);
        assertThat(toA100.label()).isEqualTo("fp32 peaks (a lower bound on A100-SXM4-80GB's speed: its TF32 tensor "
                + "cores are not credited)");
        assertThat(CrossMachinePrecision.pair(Precision.FP32, V100, Precision.FP32, H100).label())
                .isEqualTo("fp32 peaks (an upper bound on V100-SXM2-16GB's speed: H100-SXM5-80GB's TF32 tensor cores "
                        + "are not credited)");
        // Mixed precision compares tensor-core figures on both: nothing leans.
        assertThat(CrossMachinePrecision.pair(Precision.FP16, V100, Precision.FP16, A100).bound()).isEmpty();
    }

    @Test
    void otherPrecisionsAreCarriedAsStated() {
        assertThat(CrossMachinePrecision.pair(Precision.FP16, H100, Precision.FP16, A100))
                .isEqualTo(new CrossMachinePrecision.Peaks(Precision.FP16, Precision.FP16));
        assertThat(CrossMachinePrecision.pair(Precision.BF16, H100, Precision.FP32, A100).label())
                .isEqualTo("bf16 and fp32 peaks");
    }
}
