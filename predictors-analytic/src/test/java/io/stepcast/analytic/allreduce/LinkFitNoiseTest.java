package io.stepcast.analytic.allreduce;

import io.stepcast.analytic.allreduce.AllreduceAnalyticEstimator.Row;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The intra-node efficiency is fitted only where the one-node rows contradict the datasheet by more than the noise of
 * two published measurements (synthetic rows, nothing measured: a 10 ms all-reduce at the catalog's link).
 */
class LinkFitNoiseTest {
    private static final double ALL_REDUCE_S = 0.010;

    @Test
    void aOnePercentExcessOnALongStepKeepsTheDatasheet() {
        // Steps of 100 s (gradient accumulation) 1% slower on 4 and 8 GPUs than their compute.
        List<Row> oneNode = List.of(new Row(100, ALL_REDUCE_S, 0, 101), new Row(50, ALL_REDUCE_S, 0, 50.5));
        AllreduceAnalyticEstimator.Group g = LinkFit.fit(0, 1, oneNode, List.of(), Optional.empty(), true);
        assertThat(g.intraEfficiency()).isEqualTo(1.0);
    }

    @Test
    void aQuarterSlowerThanComputeIsReadAsASlowLink() {
        // Steps of 0.2 s a quarter slower on 8 GPUs: the exchange takes 50 ms, five times the datasheet's 10 ms.
        List<Row> oneNode = List.of(new Row(0.2, ALL_REDUCE_S, 0, 0.25), new Row(0.1, ALL_REDUCE_S, 0, 0.15));
        AllreduceAnalyticEstimator.Group g = LinkFit.fit(0, 1, oneNode, List.of(), Optional.of(0.0), true);
        assertThat(g.intraEfficiency()).isCloseTo(0.2, within(0.02));
    }
}
