package io.stepcast.evaluation.suite;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.evaluation.Split;
import io.stepcast.evaluation.SyntheticObservations;
import io.stepcast.evaluation.metrics.ScalingPoint;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which configurations a split's fit predicts for the scaling charts (synthetic all-reduce observations): the
 * charted split's training points of the slice, and powers of two between measured worker counts only where the
 * neighbours differ in their workers alone.
 */
class ScalingGridTest {
    private static Observation obs(int workers, int nodes) {
        return SyntheticObservations.of("alpha", "k80", workers, nodes, 32);
    }

    @Test
    void betweenPointsFillOnlyGapsWithTheSameLayoutAndTrainingPointsAreKept() {
        // 1 and 8 workers on one node, 16 on two nodes, 64 on eight: 2 and 4 fit between 1 and 8 on one node;
        // between 8 (one node) and 16 (two nodes), or 16 and 64, the layout is not known.
        Split split = new Split("fold-1", TrainingSet.of("train", List.of(obs(1, 1), obs(8, 1))),
                List.of(obs(16, 2), obs(64, 8)));
        List<List<ScalingGrid.Request>> plan = ScalingGrid.plan(List.of(split), List.of(Target.STEP_TIME));

        List<ScalingGrid.Request> requests = plan.get(0);
        assertThat(requests).filteredOn(r -> r.role() == ScalingPoint.Role.TRAIN)
                .extracting(r -> r.config().workers()).containsExactly(1, 8);
        assertThat(requests).filteredOn(r -> r.role() == ScalingPoint.Role.TRAIN)
                .extracting(ScalingGrid.Request::measured)
                .containsExactly(SyntheticObservations.stepTime(32, 1), SyntheticObservations.stepTime(32, 8));
        assertThat(requests).filteredOn(r -> r.role() == ScalingPoint.Role.BETWEEN)
                .extracting(r -> r.config().workers()).containsExactly(2, 4);
        assertThat(requests).filteredOn(r -> r.role() == ScalingPoint.Role.BETWEEN)
                .allMatch(r -> r.config().deployment().nodes() == 1 && Double.isNaN(r.measured()));
    }

    @Test
    void onOneNodeTheCurveStartsFromOneWorker() {
        Split split = new Split("fold-1", TrainingSet.of("train", List.of(obs(4, 1))), List.of(obs(8, 1)));
        List<ScalingGrid.Request> requests = ScalingGrid.plan(List.of(split), List.of(Target.STEP_TIME)).get(0);
        assertThat(requests).filteredOn(r -> r.role() == ScalingPoint.Role.BETWEEN)
                .extracting(r -> r.config().workers()).containsExactly(1, 2);
    }

    @Test
    void theSplitWhoseSliceSpansTheMostWorkerCountsIsChartedAndNoOtherSplit() {
        Split narrow = new Split("fold-1", TrainingSet.of("train", List.of(obs(1, 1))), List.of(obs(2, 1)));
        Split wide = new Split("fold-2", TrainingSet.of("train", List.of(obs(1, 1), obs(2, 1))),
                List.of(obs(4, 2), obs(8, 4)));
        List<List<ScalingGrid.Request>> plan = ScalingGrid.plan(List.of(narrow, wide), List.of(Target.STEP_TIME));
        assertThat(plan.get(0)).isEmpty();
        assertThat(plan.get(1)).extracting(r -> r.config().workers()).containsExactly(1, 2);
    }

    @Test
    void aTargetNoObservationMeasuresChartsNothing() {
        Split split = new Split("fold-1", TrainingSet.of("train", List.of(obs(1, 1))), List.of(obs(8, 1)));
        assertThat(ScalingGrid.plan(List.of(split), List.of(Target.RESPONSE_TIME)).get(0)).isEmpty();
    }
}
