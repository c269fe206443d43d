package io.stepcast.app.sweep;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code scaling.png}'s axes (synthetic rows): named with their units, and GPU counts that are powers of two
 * evenly spaced with each tick labelled by its count, not by XChart's decades.
 */
class SweepChartTest {
    private static List<SweepRow> rows(int... workers) {
        return IntStream.of(workers).mapToObj(w -> new SweepRow(new SweepPoint(Config.builder().model("my-net")
                .architecture(Architecture.ALLREDUCE).workers(w).localBatch(32).build(), 1, Optional.empty()),
                "throughput", List.of(OptionalDouble.of(10.0 * w)), Optional.empty())).toList();
    }

    @Test
    void theAxesSayWhatTheyShowAndInWhichUnit() {
        XYChart c = SweepChart.chart("synthetic", "throughput", rows(8, 16, 32, 64));
        assertThat(c.getXAxisTitle()).isEqualTo("GPUs (workers)");
        assertThat(c.getYAxisTitle()).isEqualTo("throughput (samples/s)");
        assertThat(SweepChart.chart("synthetic", "step-time", rows(1, 2)).getYAxisTitle()).isEqualTo("step-time (s)");
    }

    @Test
    void powersOfTwoAreEvenlySpacedAndLabelledByTheirCount() {
        XYSeries s = SweepChart.chart("synthetic", "throughput", rows(8, 16, 32, 64)).getSeriesMap().values()
                .iterator().next();
        assertThat(s.getXData()).containsExactly(new double[] {3, 4, 5, 6}, within(1e-12));
        assertThat(SweepChart.powerOfTwoLabel(3)).isEqualTo("8");
        assertThat(SweepChart.powerOfTwoLabel(6)).isEqualTo("64");
        assertThat(SweepChart.powerOfTwoLabel(3.5)).isEmpty();
    }

    @Test
    void otherCountsKeepALinearAxisOfWorkers() {
        XYSeries s = SweepChart.chart("synthetic", "throughput", rows(3, 6, 12)).getSeriesMap().values()
                .iterator().next();
        assertThat(s.getXData()).containsExactly(3, 6, 12);
    }
}
