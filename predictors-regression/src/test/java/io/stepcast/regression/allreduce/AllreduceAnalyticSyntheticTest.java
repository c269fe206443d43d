package io.stepcast.regression.allreduce;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.collective.Collective;
import io.stepcast.models.collective.HierarchicalAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.Placement;
import io.stepcast.models.collective.RingAlgorithm;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** allreduce-analytic on synthetic rows made from its own formula over the synthetic cluster. */
class AllreduceAnalyticSyntheticTest {
    private static final long BYTES = 100_000_000L;
    private static final LinkCost PCIE = LinkCost.of(5, 10);
    private static final LinkCost NIC = LinkCost.of(10, 1);

    private static double syntheticComm(int workers, int nodes) {
        Placement p = Placement.uniform(nodes, workers / nodes);
        RingAlgorithm in = new RingAlgorithm(PCIE);
        return nodes == 1 ? in.seconds(Collective.ALL_REDUCE, BYTES, p)
                : new HierarchicalAlgorithm(in, new RingAlgorithm(NIC)).seconds(Collective.ALL_REDUCE, BYTES, p);
    }

    private static double syntheticStep(int workers, int nodes, int batch, double overlap) {
        double comp = 0.02 + 0.001 * batch;
        return comp + Math.max(0, syntheticComm(workers, nodes) - overlap * comp);
    }

    private static List<Observation> rows(double overlap, boolean multi) {
        List<Observation> out = new ArrayList<>();
        for (int b : new int[] {16, 32, 64, 128}) {
            out.add(SyntheticCluster.row(SyntheticCluster.config("m", BYTES, 1, 1, b), syntheticStep(1, 1, b, overlap)));
            if (multi) {
                out.add(SyntheticCluster.row(SyntheticCluster.config("m", BYTES, 4, 1, b), syntheticStep(4, 1, b, overlap)));
                out.add(SyntheticCluster.row(SyntheticCluster.config("m", BYTES, 8, 2, b), syntheticStep(8, 2, b, overlap)));
            }
        }
        return out;
    }

    private static double predict(Predictor p, Config c) {
        return ((Prediction.Value) p.predict(c, Target.STEP_TIME)).value();
    }

    @Test
    void syntheticRowsGiveBackTheCommunicationOfTheCostModelAndTheOverlap() {
        Predictor p = new AllreduceAnalyticEstimator(Optional.of(SyntheticCluster.catalog()), Optional.empty())
                .fit(TrainingSet.of("synthetic", rows(0.4, true)));
        AllreduceAnalyticEstimator.Group g = ((AllreduceAnalyticEstimator.Fitted) p).group("m@synthetic-node").orElseThrow();
        assertThat(g.overlapFitted()).isTrue();
        assertThat(g.overlap()).isCloseTo(0.4, within(0.01));
        assertThat(predict(p, SyntheticCluster.config("m", BYTES, 32, 8, 48)))
                .isCloseTo(syntheticStep(32, 8, 48, 0.4), within(1e-3 * syntheticStep(32, 8, 48, 0.4)));
    }

    @Test
    void withoutMultiGpuRowsTheDocumentedDefaultOverlapIsUsed() {
        Predictor p = new AllreduceAnalyticEstimator(Optional.of(SyntheticCluster.catalog()), Optional.empty())
                .fit(TrainingSet.of("synthetic", rows(0.4, false)));
        AllreduceAnalyticEstimator.Group g = ((AllreduceAnalyticEstimator.Fitted) p).group("m@synthetic-node").orElseThrow();
        assertThat(g.overlapFitted()).isFalse();
        assertThat(g.overlap()).isEqualTo(AllreduceAnalyticEstimator.DEFAULT_OVERLAP);
        assertThat(predict(p, SyntheticCluster.config("m", BYTES, 16, 4, 32)))
                .isCloseTo(syntheticStep(16, 4, 32, 2.0 / 3), within(1e-6));
    }

    @Test
    void missingFiguresAreRefusedNamingTheColumn() {
        Predictor p = new AllreduceAnalyticEstimator(Optional.of(SyntheticCluster.catalog()), Optional.empty())
                .fit(TrainingSet.of("synthetic", rows(0.4, false)));
        Config noBytes = Config.builder().model("m").workers(8).nodes(2).hardware(SyntheticCluster.SYSTEM)
                .localBatch(32).build();
        assertThat(p.predict(noBytes, Target.STEP_TIME)).isInstanceOfSatisfying(Prediction.NotApplicable.class,
                n -> assertThat(n.reason()).contains("parameter_bytes"));
        Predictor none = new AllreduceAnalyticEstimator(Optional.of(SyntheticCluster.catalog()), Optional.empty())
                .fit(TrainingSet.of("synthetic", List.of(SyntheticCluster.row(
                        Config.builder().model("m").parameterBytes(BYTES).hardware("no-such-box").localBatch(8).build(), 0.1))));
        Config unknownBox = Config.builder().model("m").parameterBytes(BYTES).workers(4).hardware("no-such-box")
                .localBatch(8).build();
        assertThat(none.predict(unknownBox, Target.STEP_TIME)).isInstanceOfSatisfying(Prediction.NotApplicable.class,
                n -> assertThat(n.reason()).contains("column hardware"));
    }

    @Test
    void theBandwidthColumnOverridesTheCatalogNic() {
        Predictor p = new AllreduceAnalyticEstimator(Optional.of(SyntheticCluster.catalog()), Optional.empty())
                .withHyperParameters(Map.of("overlap", "0")).fit(TrainingSet.of("synthetic", rows(0, false)));
        Config slow = SyntheticCluster.config("m", BYTES, 8, 2, 32);
        Config fast = slow.toBuilder().bandwidthGbps(80).build();
        double comp = 0.02 + 0.001 * 32;
        double viaCatalog = predict(p, slow) - comp;
        double via80 = predict(p, fast) - comp;
        // The inter-node phase moves 2 (k-1)/k = 1 buffer over the NIC: 0.1 s at 1 GB/s, 0.01 s at 10 GB/s.
        assertThat(viaCatalog - via80).isCloseTo(0.1 - 0.01, within(1e-6));
    }
}
