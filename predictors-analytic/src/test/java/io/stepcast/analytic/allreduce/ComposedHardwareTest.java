package io.stepcast.analytic.allreduce;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code allreduce-analytic} on a cluster the catalog does not list, described in the hardware column from
 * catalogued parts: one node measured (synthetic step times, named synthetic), more nodes predicted; the faster NIC
 * gives the shorter step, and a bare device label is refused naming the column.
 */
class ComposedHardwareTest {
    private static final String SLOW = "A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-25g";
    private static final String FAST = "A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-100g";

    private static Config config(String hardware, int workers, int nodes) {
        return Config.builder().model("ResNet-50").architecture(Architecture.ALLREDUCE).workers(workers).nodes(nodes)
                .localBatch(64).hardware(hardware).build();
    }

    private static Predictor fitted(String hardware) {
        List<Observation> rows = new ArrayList<>();
        rows.add(new Observation(config(hardware, 1, 1), Measurements.builder().stepTimeS(0.10).build(), "synthetic"));
        rows.add(new Observation(config(hardware, 4, 1), Measurements.builder().stepTimeS(0.11).build(), "synthetic"));
        return new AllreduceAnalyticEstimator(Optional.of(new DefaultHardwareCatalog()), Optional.of(new ZooCatalog()))
                .fit(TrainingSet.of("synthetic one node", rows));
    }

    @Test
    void moreNodesOfAComposedClusterArePredictedAndTheFasterNicIsFaster() {
        double slow = fitted(SLOW).predict(config(SLOW, 16, 4), Target.STEP_TIME).asDouble().orElseThrow();
        double fast = fitted(FAST).predict(config(FAST, 16, 4), Target.STEP_TIME).asDouble().orElseThrow();
        assertThat(slow).isGreaterThan(fast).isGreaterThan(0.10);
        Prediction bare = fitted("A100-PCIE-40GB").predict(config("A100-PCIE-40GB", 16, 4), Target.STEP_TIME);
        assertThat(bare.isValue()).isFalse();
        assertThat(bare.toString()).contains("column hardware");
    }
}
