package io.stepcast.analytic.allreduce;

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
import java.util.OptionalDouble;
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
    void rowsOfOneNodeAloneGiveTheComputeLineOnceTheirAllReduceIsTakenOff() {
        // Only 4-GPU rows of one node at two batches, as a table that starts at one full node: their steps less the
        // ring's all-reduce are the compute line, and a run over two nodes adds the two-level all-reduce to it.
        List<Observation> oneNode = new ArrayList<>();
        for (int b : new int[] {16, 64}) {
            oneNode.add(SyntheticCluster.row(SyntheticCluster.config("m", BYTES, 4, 1, b), syntheticStep(4, 1, b, 0)));
        }
        Predictor p = new AllreduceAnalyticEstimator(Optional.of(SyntheticCluster.catalog()), Optional.empty())
                .fit(TrainingSet.of("synthetic", oneNode));
        AllreduceAnalyticEstimator.Group g = ((AllreduceAnalyticEstimator.Fitted) p).group("m@synthetic-node").orElseThrow();
        assertThat(g.a()).isCloseTo(0.02, within(1e-9));
        assertThat(g.b()).isCloseTo(0.001, within(1e-12));
        assertThat(g.overlapFitted()).isFalse();
        assertThat(g.intraEfficiency()).isEqualTo(1);
        assertThat(predict(p, SyntheticCluster.config("m", BYTES, 1, 1, 32))).isCloseTo(0.052, within(1e-9));
        assertThat(predict(p, SyntheticCluster.config("m", BYTES, 8, 2, 32)))
                .isCloseTo(syntheticStep(8, 2, 32, 0), within(1e-9));
        // A row whose step the all-reduce alone exceeds shows no computation: nothing to fit on.
        Observation impossible = SyntheticCluster.row(SyntheticCluster.config("m", BYTES, 4, 1, 16),
                syntheticComm(4, 1) / 2);
        Predictor none = new AllreduceAnalyticEstimator(Optional.of(SyntheticCluster.catalog()), Optional.empty())
                .fit(TrainingSet.of("synthetic", List.of(impossible, SyntheticCluster.row(
                        SyntheticCluster.config("other", BYTES, 1, 1, 16), 0.1))));
        assertThat(none.predict(SyntheticCluster.config("m", BYTES, 8, 2, 16), Target.STEP_TIME))
                .isInstanceOf(Prediction.NotApplicable.class);
    }

    @Test
    void withoutMultiGpuRowsTheDocumentedDefaultOverlapIsUsed() {
        Predictor p = new AllreduceAnalyticEstimator(Optional.of(SyntheticCluster.catalog()), Optional.empty())
                .fit(TrainingSet.of("synthetic", rows(0.4, false)));
        AllreduceAnalyticEstimator.Group g = ((AllreduceAnalyticEstimator.Fitted) p).group("m@synthetic-node").orElseThrow();
        assertThat(g.overlapFitted()).isFalse();
        assertThat(g.overlap()).isEqualTo(AllreduceAnalyticEstimator.DEFAULT_OVERLAP);
        assertThat(predict(p, SyntheticCluster.config("m", BYTES, 16, 4, 32)))
                .isCloseTo(syntheticStep(16, 4, 32, AllreduceAnalyticEstimator.DEFAULT_OVERLAP), within(1e-6));
        assertThat(AllreduceAnalyticEstimator.DEFAULT_OVERLAP).isZero();
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

    /** The synthetic all-reduce with the intra-node phases slowed to {@code intraShare} of the link's figure. */
    private static double slowedComm(int workers, int nodes, double intraShare) {
        double node = new RingAlgorithm(PCIE).seconds(Collective.ALL_REDUCE, BYTES,
                Placement.singleNode(workers / nodes));
        double inter = syntheticComm(workers, nodes) - (nodes == 1 ? syntheticComm(workers, 1) : node);
        return (nodes == 1 ? syntheticComm(workers, 1) : node) / intraShare + inter;
    }

    @Test
    void oneNodeRowsCalibrateTheIntraNodeLinkAloneAndManyNodesAddTheCatalogsNics() {
        double share = 0.25;
        double overlap = 0.1;
        List<Observation> rows = new ArrayList<>();
        for (int b : new int[] {16, 32, 64}) {
            double comp = 0.02 + 0.001 * b;
            rows.add(SyntheticCluster.row(SyntheticCluster.config("m", BYTES, 1, 1, b), comp));
            for (int w : new int[] {2, 4}) {
                rows.add(SyntheticCluster.row(SyntheticCluster.config("m", BYTES, w, 1, b),
                        AllreduceAnalyticEstimator.step(comp, slowedComm(w, 1, share), overlap)));
            }
        }
        Predictor p = new AllreduceAnalyticEstimator(Optional.of(SyntheticCluster.catalog()), Optional.empty())
                .fit(TrainingSet.of("synthetic", rows));
        AllreduceAnalyticEstimator.Group g = ((AllreduceAnalyticEstimator.Fitted) p).group("m@synthetic-node").orElseThrow();
        // The fit takes the largest efficiency within the 95% confidence interval of its fit (MeasurementNoise): a
        // grid step or two (10^(3/150), about 5% each) above the exact one.
        assertThat(g.intraEfficiency()).isBetween(share, 1.1 * share);
        assertThat(g.interEfficiency()).isEqualTo(1);
        double comp = 0.02 + 0.001 * 32;
        double truth = AllreduceAnalyticEstimator.step(comp, slowedComm(16, 4, share), overlap);
        assertThat(predict(p, SyntheticCluster.config("m", BYTES, 16, 4, 32))).isCloseTo(truth, within(0.03 * truth));
        Predictor datasheet = new AllreduceAnalyticEstimator(Optional.of(SyntheticCluster.catalog()), Optional.empty())
                .withHyperParameters(Map.of("efficiency", "catalog")).fit(TrainingSet.of("synthetic", rows));
        assertThat(Math.abs(predict(datasheet, SyntheticCluster.config("m", BYTES, 16, 4, 32)) - truth))
                .isGreaterThan(0.1 * truth);
    }

    @Test
    void oneSingleGpuBatchTakesTheSlopeOfTheOneNodeRowsAtTwoBatches() {
        double fixed = 0.05;
        double perSample = 0.002;
        double overhead = 0.03;
        List<Observation> rows = new ArrayList<>();
        rows.add(SyntheticCluster.row(SyntheticCluster.config("m", BYTES, 1, 1, 32), fixed + perSample * 32));
        for (int b : new int[] {8, 32}) {
            rows.add(SyntheticCluster.row(SyntheticCluster.config("m", BYTES, 4, 1, b), fixed + perSample * b + overhead));
        }
        double[] line = ComputeLine.fit(rows, OptionalDouble.empty(), OptionalDouble.empty()).orElseThrow();
        assertThat(line[0]).isCloseTo(fixed, within(1e-9));
        assertThat(line[1]).isCloseTo(perSample, within(1e-12));
    }

    @Test
    void oneBatchAloneTakesTheDevicesFixedPartCappedAtHalfTheStep() {
        List<Observation> rows = List.of(SyntheticCluster.row(SyntheticCluster.config("m", BYTES, 1, 1, 32), 0.1));
        assertThat(ComputeLine.fit(rows, OptionalDouble.empty(), OptionalDouble.of(0.02)).orElseThrow())
                .containsExactly(0.02, (0.1 - 0.02) / 32);
        assertThat(ComputeLine.fit(rows, OptionalDouble.empty(), OptionalDouble.of(0.2)).orElseThrow())
                .containsExactly(0.05, 0.05 / 32);
        assertThat(ComputeLine.fit(rows, OptionalDouble.empty(), OptionalDouble.empty()).orElseThrow())
                .containsExactly(0.0, 0.1 / 32);
    }

    /** A fixed part measured on another machine comes before the device's, uncapped, when shorter than the step. */
    @Test
    void oneBatchAloneTakesTheFixedPartCarriedFromAnotherMachineFirst() {
        List<Observation> rows = List.of(SyntheticCluster.row(SyntheticCluster.config("m", BYTES, 1, 1, 32), 0.1));
        assertThat(ComputeLine.fit(rows, OptionalDouble.of(0.07), OptionalDouble.of(0.02)).orElseThrow())
                .containsExactly(0.07, (0.1 - 0.07) / 32);
        assertThat(ComputeLine.fit(rows, OptionalDouble.of(0.12), OptionalDouble.of(0.02)).orElseThrow())
                .as("a carried part longer than the step is not taken").containsExactly(0.02, (0.1 - 0.02) / 32);
    }
}
