package io.stepcast.ml.features;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.ml.SyntheticObservations;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class FeatureSetTest {
    private static final List<Config> TRAINING = List.of(
            SyntheticObservations.allReduce("small", 1, 1, 32),
            SyntheticObservations.allReduce("small", 4, 2, 32),
            SyntheticObservations.allReduce("large", 8, 2, 64));

    @Test
    void dropsFeaturesSomeTrainingConfigurationLacksAndOneHotEncodesCategories() {
        FittedFeatures f = FeatureSet.parse("workers,param-bytes-per-bandwidth,network,model,hardware").fit(TRAINING);
        // No parameter bytes or bandwidth, no Courier network: dropped; one hardware level: no column.
        assertThat(f.columns()).containsExactly("workers", "model=large", "model=small");
        assertThat(f.levels()).containsKeys("model", "hardware");
        double[] x = f.encode(SyntheticObservations.allReduce("large", 8, 1, 16));
        // workers: mean 13/3, population sd sqrt(74/9 - ...) -> standardised value of 8.
        double mean = 13.0 / 3;
        double sd = Math.sqrt(((1 - mean) * (1 - mean) + (4 - mean) * (4 - mean) + (8 - mean) * (8 - mean)) / 3);
        assertThat(x[0]).isCloseTo((8 - mean) / sd, within(1e-12));
        assertThat(x[1]).isGreaterThan(0);
        assertThat(x[2]).isLessThan(0);
    }

    /** A synthetic row that states its precision (the one-stage layout a CSV row with a precision carries). */
    private static Config at(io.stepcast.api.Precision precision, int workers) {
        return SyntheticObservations.allReduce("small", workers, 1, 32).toBuilder()
                .parallel(io.stepcast.api.ParallelLayout.builder(1, 1, workers, 32, 1).precision(precision).build())
                .build();
    }

    @Test
    void theStatedPrecisionIsACategoryAndAnUnseenOneAProblem() {
        FittedFeatures f = FeatureSet.parse("workers,precision").fit(List.of(at(io.stepcast.api.Precision.TF32, 1),
                at(io.stepcast.api.Precision.FP16, 1), at(io.stepcast.api.Precision.TF32, 4)));
        assertThat(f.columns()).contains("precision=tf32", "precision=fp16");
        assertThat(f.encode(at(io.stepcast.api.Precision.TF32, 2)))
                .isNotEqualTo(f.encode(at(io.stepcast.api.Precision.FP16, 2)));
        assertThat(f.problem(at(io.stepcast.api.Precision.FP32, 2))).contains("precision 'fp32'");
        // Rows that state none share one level: no column, as before the feature.
        assertThat(FeatureSet.parse("workers,precision").fit(TRAINING).columns()).containsExactly("workers");
    }

    @Test
    void unseenLevelsAndMissingInputsAreProblems() {
        FittedFeatures f = FeatureSet.parse("workers,model,hardware").fit(TRAINING);
        assertThat(f.problem(SyntheticObservations.allReduce("small", 2, 1, 8))).isNull();
        assertThat(f.problem(SyntheticObservations.allReduce("bert", 2, 1, 8))).contains("model 'bert'");
        Config v100 = SyntheticObservations.allReduce("small", 2, 1, 8).toBuilder().hardware("V100").build();
        assertThat(f.problem(v100)).contains("hardware 'v100'");
        FittedFeatures courier = FeatureSet.parse("batch,network")
                .fit(List.of(SyntheticObservations.courierJob("lenet5", 2, 1, 64),
                        SyntheticObservations.courierJob("mlp", 2, 1, 128)));
        assertThat(courier.problem(SyntheticObservations.courierJob("ResNet-50", 2, 1, 64)))
                .contains("network is not available");
    }

    @Test
    void courierNetworkIndicatorFollowsTheDataModel() {
        assertThat(Features.courierNetwork(SyntheticObservations.courierJob("lenet5", 1, 1, 64))).isEqualTo(1.0);
        assertThat(Features.courierNetwork(SyntheticObservations.courierJob("mlp", 1, 1, 64))).isEqualTo(-1.0);
        assertThat(Features.courierNetwork(SyntheticObservations.courierJob("courier-mixed", 1, 1, 64))).isZero();
        Config c = SyntheticObservations.courierJob("lenet5", 4, 3, 256);
        assertThat(Features.numeric("batch").orElseThrow().value(c)).isEqualTo(256.0);
        assertThat(Features.numeric("cpu-x-njobs").orElseThrow().value(c)).isEqualTo(12.0);
    }

    @Test
    void badDeclarationsAreRefusedClearly() {
        assertThatThrownBy(() -> FeatureSet.parse("workers,flops")).hasMessageContaining("unknown feature 'flops'");
        assertThatThrownBy(() -> FeatureSet.parse("workers,workers")).hasMessageContaining("twice");
        assertThatThrownBy(() -> FeatureSet.parse("param-bytes-per-bandwidth").fit(TRAINING))
                .isInstanceOf(CannotFitException.class).hasMessageContaining("none of the features");
    }
}
