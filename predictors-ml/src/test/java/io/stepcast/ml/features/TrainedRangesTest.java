package io.stepcast.ml.features;

import io.stepcast.api.Config;
import io.stepcast.ml.SyntheticObservations;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The applicability-domain check of a fitted encoding, on SYNTHETIC configurations (mechanics only). */
class TrainedRangesTest {
    /** SYNTHETIC training configurations: 1 to 8 workers, local batch 16 to 64. */
    private static final List<Config> TRAINING = List.of(
            SyntheticObservations.allReduce("small", 1, 1, 16),
            SyntheticObservations.allReduce("small", 4, 1, 32),
            SyntheticObservations.allReduce("large", 8, 2, 64));

    private static Config job(int workers, int localBatch) {
        return SyntheticObservations.allReduce("small", workers, Math.max(1, workers / 4), localBatch);
    }

    @Test
    void aPointPastTheTrainedWorkersIsNamedInTheUsersWords() {
        FittedFeatures f = FeatureSet.parse("workers,inv-workers,log2-local-batch,model").fit(TRAINING);
        assertThat(f.hasRanges()).isTrue();
        // workers and inv-workers are one quantity: named once, in workers, not as 1/64.
        assertThat(f.extrapolation(job(64, 32))).contains("workers 64 is outside the trained range 1-8");
        // The logarithm's range is read back as the batch a user states.
        assertThat(f.extrapolation(job(4, 256))).contains("local batch 256 is outside the trained range 16-64");
        assertThat(f.extrapolation(job(64, 8))).contains(
                "workers 64 is outside the trained range 1-8; local batch 8 is outside the trained range 16-64");
    }

    @Test
    void aProductIsNamedOnlyWhenNoneOfItsPartsIs() {
        FittedFeatures f = FeatureSet.parse("workers,log2-local-batch,log2-global-batch").fit(List.of(
                SyntheticObservations.allReduce("small", 1, 1, 64), SyntheticObservations.allReduce("small", 8, 2, 16)));
        // Too many workers: the global batch they make is not named again.
        assertThat(f.extrapolation(job(32, 16))).contains("workers 32 is outside the trained range 1-8");
        // Each part inside its range, their product (8 x 64 = 512) outside the trained 64-128.
        assertThat(f.extrapolation(job(8, 64))).contains("global batch 512 is outside the trained range 64-128");
    }

    @Test
    void courierNamesReadAsTheColumnsAFileStates() {
        FittedFeatures f = FeatureSet.parse("cpu,njobs,cpu-x-njobs").fit(List.of(
                SyntheticObservations.courierJob("lenet5", 1, 1, 64), SyntheticObservations.courierJob("lenet5", 8, 3, 64)));
        assertThat(f.extrapolation(SyntheticObservations.courierJob("lenet5", 16, 1, 64)))
                .contains("workers 16 is outside the trained range 1-8");
        assertThat(f.extrapolation(SyntheticObservations.courierJob("lenet5", 8, 5, 64)))
                .contains("tenants 5 is outside the trained range 1-3");
    }

    @Test
    void pointsInsideAndOnTheBoundsAreNotFlagged() {
        FittedFeatures f = FeatureSet.parse("workers,inv-workers,log2-local-batch").fit(TRAINING);
        // Local batch 24 lies between the trained 16 and 32, no more than a doubling apart.
        assertThat(f.extrapolation(job(4, 24))).isEmpty();
        assertThat(f.extrapolation(job(1, 16))).isEmpty();
        assertThat(f.extrapolation(job(8, 64))).isEmpty();
    }

    @Test
    void theBoundsAreStrictUpToARoundingTolerance() {
        Map<String, List<String>> noLevels = Map.of();
        // A stored maximum a hair below 8 (as a recomputed feature may be) still holds a point at 8 ...
        FittedFeatures hair = new FittedFeatures(List.of("workers"), noLevels, new double[] {4}, new double[] {2},
                new double[] {1}, new double[] {8 * (1 - 1e-12)});
        assertThat(hair.extrapolation(job(8, 32))).isEmpty();
        // ... but a real difference is flagged.
        FittedFeatures below = new FittedFeatures(List.of("workers"), noLevels, new double[] {4}, new double[] {2},
                new double[] {1}, new double[] {7.999});
        assertThat(below.extrapolation(job(8, 32))).contains("workers 8 is outside the trained range 1-7.999");
    }

    @Test
    void anEncodingWithoutRangesFlagsNothing() {
        FittedFeatures old = new FittedFeatures(List.of("workers"), Map.of(), new double[] {4}, new double[] {2});
        assertThat(old.hasRanges()).isFalse();
        assertThat(old.extrapolation(job(1024, 32))).isEmpty();
    }

    @Test
    void aPointInAWideGapBetweenTrainedValuesIsNamed() {
        FittedFeatures f = FeatureSet.parse("workers,inv-workers,log2-local-batch").fit(TRAINING);
        // 1 and 4 workers trained, 2 not: a tree answers 2 with the leaf of one side.
        assertThat(f.extrapolation(job(2, 32))).contains("workers 2 lies between the trained values 1 and 4");
        // Past the range, only the range is named.
        assertThat(f.extrapolation(job(16, 32))).contains("workers 16 is outside the trained range 1-8");
        FittedFeatures tables = FeatureSet.parse("workers,log2-local-batch").fit(List.of(
                SyntheticObservations.allReduce("small", 1, 1, 32), SyntheticObservations.allReduce("small", 8, 1, 256)));
        // The log of the batch is read back as the batch: both features in gaps, named in one line.
        assertThat(tables.extrapolation(job(4, 64))).contains(
                "workers 4 lies between the trained values 1 and 8; local batch 64 lies between the trained values 32"
                        + " and 256");
    }

    @Test
    void narrowGapsAndManyTrainedValuesAreNotFlagged() {
        List<Config> powersOfTwo = List.of(1, 2, 4, 8, 16).stream()
                .map(w -> SyntheticObservations.allReduce("small", w, 1, 32)).toList();
        FittedFeatures f = FeatureSet.parse("workers").fit(powersOfTwo);
        assertThat(f.extrapolation(job(3, 32))).isEmpty();
        assertThat(f.extrapolation(job(12, 32))).isEmpty();
        // More distinct values than are kept read as a continuum: 1 and 200 ... 232 leave a gap that is not checked.
        List<Config> many = new java.util.ArrayList<>(List.of(SyntheticObservations.allReduce("small", 1, 1, 32)));
        for (int w = 200; w < 200 + TrainedRanges.MAX_SEEN; w++) {
            many.add(SyntheticObservations.allReduce("small", w, 1, 32));
        }
        FittedFeatures dense = FeatureSet.parse("workers").fit(many);
        assertThat(dense.trainedValues()[0]).isNull();
        assertThat(dense.extrapolation(job(16, 32))).isEmpty();
    }

    @Test
    void storedTrainedValuesAreChecked() {
        Map<String, List<String>> noLevels = Map.of();
        assertThat(new FittedFeatures(List.of("workers"), noLevels, new double[] {4}, new double[] {2},
                new double[] {1}, new double[] {8}, new double[][] {{1, 8}}).extrapolation(job(4, 32)))
                .contains("workers 4 lies between the trained values 1 and 8");
        assertThatThrownBy(() -> new FittedFeatures(List.of("workers"), noLevels, new double[] {4},
                new double[] {2}, new double[] {1}, new double[] {8}, new double[][] {{8, 1}}))
                .hasMessageContaining("trained values of workers are not ascending");
        assertThatThrownBy(() -> new FittedFeatures(List.of("workers"), noLevels, new double[] {4},
                new double[] {2}, new double[] {1}, new double[] {8}, new double[][] {{1, 16}}))
                .hasMessageContaining("within 1.0 to 8.0");
    }

    @Test
    void aSingleTrainedValueIsNamedAsSuch() {
        FittedFeatures f = FeatureSet.parse("workers,tenants").fit(TRAINING);
        assertThat(f.extrapolation(job(4, 32).toBuilder().tenants(3).build()))
                .contains("tenants 3 is outside the trained range, 1 only");
    }

    @Test
    void anUnseenCategoryIsRefusedNotFlagged() {
        FittedFeatures f = FeatureSet.parse("workers,model").fit(TRAINING);
        Config unseen = SyntheticObservations.allReduce("bert", 64, 16, 32);
        assertThat(f.problem(unseen)).contains("model 'bert' was not in the training data");
    }
}
