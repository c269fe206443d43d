package io.stepcast.queueing.fit;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.queueing.mva.MvaEstimator;
import io.stepcast.queueing.simulation.AllReduceLinks;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Single-worker bases read from one node's all-reduce rows (synthetic rows on the catalog's DGX A100, whose links
 * are real catalog figures): the node's step less the catalog's all-reduce, only where a model has no single-worker
 * row, and only with gradient bytes.
 */
class OneNodeBasesTest {
    private static final DefaultHardwareCatalog CATALOG = new DefaultHardwareCatalog();
    private static final long BYTES = 400_000_000L;

    private static Config config(String model, int workers, OptionalBytes bytes) {
        Config.Builder b = Config.builder().model(model).framework("synthetic").dataset("synthetic")
                .architecture(Architecture.ALLREDUCE).workers(workers).nodes(1).hardware("dgx-a100").localBatch(32);
        if (bytes == OptionalBytes.KNOWN) {
            b.parameterBytes(BYTES);
        }
        return b.build();
    }

    private enum OptionalBytes { KNOWN, UNKNOWN }

    private static Observation row(Config c, double stepS) {
        return new Observation(c, Measurements.builder().stepTimeS(stepS).build(), "synthetic");
    }

    private static double allReduce(Config c) {
        return new AllReduceLinks(Optional.of(CATALOG)).query("dgx-a100", c.deployment().workerPlacement())
                .fallbackGbps(10).resolve().cost().orElseThrow().allReduceSeconds(BYTES);
    }

    @Test
    void aModelMeasuredOnlyOnOneFullNodeGetsItsComputationAsASingleWorkerRow() {
        Config node = config("synthetic-net", 8, OptionalBytes.KNOWN);
        double x = allReduce(node);
        TrainingSet t = OneNodeBases.augment(TrainingSet.of("synthetic", List.of(row(node, 0.2))),
                Optional.of(CATALOG), Optional.empty(), 10);
        assertThat(t.observations()).hasSize(2);
        Observation derived = t.observations().get(1);
        assertThat(derived.config().workers()).isEqualTo(1);
        assertThat(derived.config().localBatch()).isEqualTo(32);
        assertThat(derived.config().workload().parameterBytes()).hasValue(BYTES);
        assertThat(derived.tags()).containsKey(OneNodeBases.TAG);
        assertThat(x).isPositive().isLessThan(0.2);
        assertThat(derived.value(Target.STEP_TIME).getAsDouble()).isCloseTo(0.2 - x, within(1e-12));

        // mva starts from it: one GPU runs the computation, the node adds the catalog's all-reduce back.
        var mva = new MvaEstimator(Optional.of(CATALOG)).fit(TrainingSet.of("synthetic", List.of(row(node, 0.2))));
        assertThat(mva.predict(config("synthetic-net", 1, OptionalBytes.KNOWN), Target.STEP_TIME).asDouble()
                .getAsDouble()).isCloseTo(0.2 - x, within(1e-3 * 0.2));
        assertThat(mva.predict(node, Target.STEP_TIME).asDouble().getAsDouble()).isCloseTo(0.2, within(0.01 * 0.2));
    }

    @Test
    void nothingIsDerivedForAModelWithASingleWorkerRowOrWithoutGradientBytes() {
        Config node = config("synthetic-net", 8, OptionalBytes.KNOWN);
        TrainingSet measured = TrainingSet.of("synthetic", List.of(row(node, 0.2),
                row(config("synthetic-net", 1, OptionalBytes.KNOWN), 0.15)));
        assertThat(OneNodeBases.augment(measured, Optional.of(CATALOG), Optional.empty(), 10)).isSameAs(measured);
        TrainingSet noBytes = TrainingSet.of("synthetic", List.of(row(config("synthetic-net", 8,
                OptionalBytes.UNKNOWN), 0.2)));
        assertThat(OneNodeBases.augment(noBytes, Optional.of(CATALOG), Optional.empty(), 10)).isSameAs(noBytes);
        // A step the all-reduce alone exceeds shows no computation.
        TrainingSet tooShort = TrainingSet.of("synthetic", List.of(row(node, allReduce(node) / 2)));
        assertThat(OneNodeBases.augment(tooShort, Optional.of(CATALOG), Optional.empty(), 10)).isSameAs(tooShort);
    }
}
