package io.stepcast.queueing.simulation;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.profile.Profile;
import io.stepcast.queueing.SyntheticProfiles;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The fitted all-reduce link efficiencies on synthetic rows (nothing measured): the "measured" multi-GPU steps
 * are the simulation's own at 2 Gbit/s, labelled 10 Gbit/s, so the NICs achieve a fifth of their stated speed
 * (one GPU per node, the latency is 0: every collective is NIC bandwidth); likewise inside one node, 20 Gbit/s
 * labelled 100.
 */
class LinkEfficiencyFitTest {
    private static final Map<String, String> QUICK = Map.of("steps", "4", "warmup", "1", "seeds", "1");

    private static Profile chain() {
        return SyntheticProfiles.chain("chain", 32, 10, 4_000_000, 2000, 4000, 10, 50);
    }

    private static Config allReduce(int workers, double gbps) {
        return Config.builder().model("chain").architecture(Architecture.ALLREDUCE).parameterServers(0)
                .workers(workers).nodes(workers).bandwidthGbps(gbps).localBatch(32).build();
    }

    private static Predictor fit(String efficiency, List<Observation> rows) {
        Estimator e = new SimulationEstimator(Optional.empty()).withHyperParameters(QUICK)
                .withHyperParameters(Map.of("network-efficiency", efficiency));
        return e.fit(new TrainingSet("synthetic chain", rows, List.of(chain())));
    }

    private static double step(Predictor p, Config c) {
        return p.predict(c, Target.STEP_TIME).asDouble().orElseThrow();
    }

    @Test
    void recoversTheShareOfTheLinkSpeedTheRowsShowAndPredictsOtherScalesWithIt() {
        Predictor truth = fit("catalog", List.of());
        List<Observation> rows = new ArrayList<>();
        for (int w : new int[] {2, 4}) {
            rows.add(new Observation(allReduce(w, 10), Measurements.builder().stepTimeS(step(truth, allReduce(w, 2)))
                    .build(), "synthetic"));
        }
        Predictor fitted = fit("fit", rows);
        Predictor catalog = fit("catalog", rows);
        double expected = step(truth, allReduce(16, 2));
        // The fit keeps the share closest to the catalog's within the fit's 95% confidence interval
        // (MeasurementNoise): a little faster than the truth.
        assertThat(step(fitted, allReduce(16, 10))).isCloseTo(expected, within(0.03 * expected));
        assertThat(step(catalog, allReduce(16, 10))).isLessThan(0.9 * expected);
    }

    private static Config oneNode(int workers, double intraGbps) {
        return Config.builder().model("chain").architecture(Architecture.ALLREDUCE).parameterServers(0)
                .workers(workers).nodes(1).intraNodeGbps(intraGbps).bandwidthGbps(10).localBatch(32).build();
    }

    private static Config nodes(int nodes, int perNode, double intraGbps) {
        return oneNode(nodes * perNode, intraGbps).toBuilder().nodes(nodes).build();
    }

    @Test
    void oneNodeRowsShowTheIntraNodeLinkAndLeaveTheNicsAlone() {
        Predictor truth = fit("catalog", List.of());
        List<Observation> rows = new ArrayList<>();
        for (int w : new int[] {2, 4}) {
            rows.add(new Observation(oneNode(w, 100), Measurements.builder().stepTimeS(step(truth, oneNode(w, 20)))
                    .build(), "synthetic"));
        }
        Predictor fitted = fit("fit", rows);
        double inside = step(truth, oneNode(8, 20));
        // Two rows fit the share only to within their 95% confidence interval (MeasurementNoise), which the
        // extrapolation to 8 GPUs and 4 nodes widens: within 4%, against more than 10% off at the catalog's links.
        assertThat(step(fitted, oneNode(8, 100))).isCloseTo(inside, within(0.04 * inside));
        // Across nodes the intra-node phases keep the fitted share and the NICs their stated 10 Gbit/s.
        double across = step(truth, nodes(4, 4, 20));
        assertThat(step(fitted, nodes(4, 4, 100))).isCloseTo(across, within(0.04 * across));
        assertThat(step(fit("catalog", rows), oneNode(8, 100))).isLessThan(0.9 * inside);
    }

    @Test
    void withoutMultiGpuRowsTheCatalogLinksStand() {
        Predictor fitted = fit("fit", List.of());
        Predictor catalog = fit("catalog", List.of());
        assertThat(step(fitted, allReduce(8, 10))).isEqualTo(step(catalog, allReduce(8, 10)));
    }
}
