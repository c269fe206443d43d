package io.stepcast.analytic;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.zoo.ZooCatalog;
import io.stepcast.analytic.allreduce.AllreduceAnalyticEstimator;
import io.stepcast.analytic.allreduce.TopoPolluxEstimator;
import io.stepcast.analytic.transfer.OverheadTransferEstimator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The all-reduce predictors on the real traces: fitted on Pollux's placements (up to 4 nodes), scored on its
 * scalability runs (6 to 16 nodes), pooled over the rows as the pollux-extrapolation suite scores; and the
 * cross-hardware transfer on Gavel's jobs alone, as the gavel-isolated suite (each GPU type predicted from
 * the other two plus its own single-GPU rows).
 */
class AllreduceRealDataTest {
    private static List<Observation> pollux;
    private static List<Observation> gavel;

    @BeforeAll
    static void load() throws IOException {
        pollux = RealData.source("pollux");
        gavel = RealData.source("gavel").stream().filter(o -> o.config().deployment().tenants() == 1).toList();
    }

    private static double polluxMape(Estimator e, boolean oneNodeOnly) {
        List<Observation> train = pollux.stream().filter(o -> o.tag("split", "").equals("placements"))
                .filter(o -> !oneNodeOnly || o.config().deployment().nodes() == 1).toList();
        List<Observation> test = pollux.stream().filter(o -> o.tag("split", "").equals("scalability")).toList();
        Predictor p = e.fit(TrainingSet.of("pollux/placements" + (oneNodeOnly ? "@1node" : ""), train));
        double[] ape = RealData.ape(p, test, Target.STEP_TIME);
        assertThat(RealData.missing(ape)).as(e.name() + " not applicable").isZero();
        double m = RealData.mean(ape);
        System.out.printf("%s on pollux scalability (fit on %s): MAPE %.2f%% over %d rows%n", e.name(),
                oneNodeOnly ? "one-node placements" : "placements", m, ape.length);
        return m;
    }

    @Test
    void polluxTopoExtrapolatesNodesAsWellAsPollux() {
        double topo = polluxMape(new TopoPolluxEstimator(Optional.of(new DefaultHardwareCatalog()),
                Optional.of(new ZooCatalog())), false);
        assertThat(topo).isLessThanOrEqualTo(10.6);
    }

    @Test
    void polluxTopoFromOneNodePredictsManyNodesThroughTheCatalog() {
        double topo = polluxMape(new TopoPolluxEstimator(Optional.of(new DefaultHardwareCatalog()),
                Optional.of(new ZooCatalog())), true);
        assertThat(topo).isGreaterThan(0).isLessThanOrEqualTo(BOUND_ONE_NODE);
    }

    private static final double BOUND_ONE_NODE = 45.5;

    @Test
    void allreduceAnalyticFromTheCatalogUnderpredictsPolluxsNetwork() {
        double m = polluxMape(new AllreduceAnalyticEstimator(Optional.of(new DefaultHardwareCatalog()),
                Optional.of(new ZooCatalog())).withHyperParameters(Map.of("efficiency", "catalog")), false);
        assertThat(m).isGreaterThan(40).isLessThanOrEqualTo(47);
    }

    @Test
    void allreduceAnalyticFromOneNodeLearnsTheIntraNodeLinksOnlyAndTakesTheNicsFromTheCatalog() {
        double m = polluxMape(new AllreduceAnalyticEstimator(Optional.of(new DefaultHardwareCatalog()),
                Optional.of(new ZooCatalog())), true);
        assertThat(m).isGreaterThan(0).isLessThanOrEqualTo(43.0);
    }

    @Test
    void allreduceAnalyticWithAFittedLinkEfficiency() {
        double m = polluxMape(new AllreduceAnalyticEstimator(Optional.of(new DefaultHardwareCatalog()),
                Optional.of(new ZooCatalog())).withHyperParameters(Map.of("efficiency", "fit")), false);
        assertThat(m).isLessThanOrEqualTo(13.0);
    }

    @Test
    void overheadTransferPredictsAGpuTypeFromTheOthersAndItsSingleGpuRows() {
        Estimator e = new OverheadTransferEstimator(Optional.of(new DefaultHardwareCatalog()));
        List<Double> ape = new ArrayList<>();
        for (String h : new TreeSet<>(gavel.stream().map(o -> o.config().deployment().hardware()).toList())) {
            List<Observation> train = gavel.stream().filter(o -> !o.config().deployment().hardware().equals(h)
                    || o.config().workers() == 1).toList();
            List<Observation> test = gavel.stream().filter(o -> o.config().deployment().hardware().equals(h)
                    && o.config().workers() > 1).toList();
            double[] a = RealData.ape(e.fit(TrainingSet.of("gavel->" + h, train)), test, Target.THROUGHPUT);
            assertThat(RealData.missing(a)).as(h).isZero();
            for (double x : a) {
                ape.add(x);
            }
        }
        double m = ape.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        System.out.printf("overhead-transfer on gavel alone, cross-hardware+single-worker: MAPE %.2f%% over %d rows%n",
                m, ape.size());
        assertThat(m).isLessThanOrEqualTo(21.0);
    }
}
