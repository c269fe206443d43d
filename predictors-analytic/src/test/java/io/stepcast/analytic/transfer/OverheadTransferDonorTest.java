package io.stepcast.analytic.transfer;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Which other types' multi-GPU overhead {@code overhead-transfer} carries over, on synthetic rows (nothing
 * measured): type {@code slow} takes 1.0 s alone and 1.1 s on 4 GPUs, {@code fast} 0.2 s alone and 0.5 s on
 * 4 GPUs, for one server (packed) and for 4 servers (spread). The target type {@code mid} takes 0.25 s alone.
 */
class OverheadTransferDonorTest {
    private static Config config(String hw, int workers, int nodes) {
        return Config.builder().model("synthetic-net").framework("pytorch").workers(workers).nodes(nodes)
                .hardware(hw).localBatch(32).build();
    }

    private static Observation row(String hw, int workers, int nodes, double seconds) {
        return new Observation(config(hw, workers, nodes), Measurements.builder().stepTimeS(seconds).build(),
                "synthetic");
    }

    private static final List<Observation> ROWS = List.of(
            row("slow", 1, 1, 1.0), row("slow", 4, 1, 1.1), row("slow", 4, 4, 1.1),
            row("fast", 1, 1, 0.2), row("fast", 4, 1, 0.5), row("fast", 4, 4, 0.5),
            row("mid", 1, 1, 0.25));

    private static double predict(Predictor p, int nodes) {
        return p.predict(config("mid", 4, nodes), Target.STEP_TIME).asDouble().orElseThrow();
    }

    @Test
    void acrossServersTheTypeWithTheClosestSingleGpuTimeGivesTheOverhead() {
        Predictor p = new OverheadTransferEstimator(Optional.empty()).fit(TrainingSet.of("synthetic", ROWS));
        // 0.25 s is closest in ratio to fast's 0.2 s: its 0.3 s of overhead.
        assertThat(predict(p, 4)).isCloseTo(0.25 + 0.3, within(1e-12));
        // Inside one server the interconnects differ by type: the mean of 0.1 s and 0.3 s.
        assertThat(predict(p, 1)).isCloseTo(0.25 + 0.2, within(1e-12));
    }

    @Test
    void meanKeepsTheAverageOverheadForEveryPlacement() {
        Predictor p = new OverheadTransferEstimator(Optional.empty()).withHyperParameters(Map.of("across-nodes", "mean"))
                .fit(TrainingSet.of("synthetic", ROWS));
        assertThat(predict(p, 4)).isCloseTo(0.25 + 0.2, within(1e-12));
        assertThat(predict(p, 1)).isCloseTo(0.25 + 0.2, within(1e-12));
    }
}
