package io.stepcast.analytic.allreduce;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * A configuration's own link bandwidths ({@code intra_node_gbps}, {@code bandwidth_gbps}) replace the catalog's in
 * {@link GradientSync}, the latencies staying the catalogued links'; the step times the predictor is fitted on are
 * synthetic (mechanics only).
 */
class StatedBandwidthsTest {
    private static final String HW = "A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-25g";
    private final HardwareCatalog catalog = new DefaultHardwareCatalog();
    private final GradientSync sync = new GradientSync(Optional.of(catalog), Optional.of(new ZooCatalog()));

    private static Config config(String hardware, int workers, int nodes, OptionalDouble intraGbps) {
        return Config.builder().model("ResNet-50").architecture(Architecture.ALLREDUCE).workers(workers).nodes(nodes)
                .localBatch(64).hardware(hardware).intraNodeGbps(intraGbps).build();
    }

    @Test
    void theStatedRingBandwidthReplacesTheCatalogsAndTheLinkLatencyStays() {
        Config c = config(HW, 4, 1, OptionalDouble.of(100));
        LinkCost link = sync.intra(c, 4, new ArrayList<>()).orElseThrow();
        double alpha = catalog.intraLink(catalog.system(HW).orElseThrow()).orElseThrow().latencyUs().getAsDouble()
                * 1e-6;
        assertThat(link.bytesPerS()).isEqualTo(100e9 / 8);
        assertThat(link.alphaS()).isCloseTo(alpha, withinPercentage(1e-9));
        // Ring all-reduce over p = 4 GPUs (Thakur, Rabenseifner and Gropp 2005): 2(p-1) alpha + 2(p-1)/p n beta.
        double bytes = sync.gradientBytes(c).orElseThrow();
        double expected = 6 * alpha + 1.5 * bytes / (100e9 / 8);
        assertThat(sync.allReduce(c).seconds().orElseThrow()).isCloseTo(expected, withinPercentage(1e-9));
        double catalogued = sync.allReduce(config(HW, 4, 1, OptionalDouble.empty())).seconds().orElseThrow();
        assertThat(catalogued).isNotCloseTo(expected, withinPercentage(1));
    }

    @Test
    void aNarrowerStatedLinkGivesALongerPredictedStep() {
        List<Observation> rows = new ArrayList<>();
        OptionalDouble measured = OptionalDouble.of(100);
        rows.add(new Observation(config(HW, 1, 1, measured), Measurements.builder().stepTimeS(0.10).build(),
                "synthetic"));
        rows.add(new Observation(config(HW, 4, 1, measured), Measurements.builder().stepTimeS(0.11).build(),
                "synthetic"));
        Predictor p = new AllreduceAnalyticEstimator(Optional.of(catalog), Optional.of(new ZooCatalog()))
                .fit(TrainingSet.of("synthetic one node", rows));
        double wide = p.predict(config(HW, 4, 1, OptionalDouble.of(200)), Target.STEP_TIME).asDouble().orElseThrow();
        double narrow = p.predict(config(HW, 4, 1, OptionalDouble.of(25)), Target.STEP_TIME).asDouble().orElseThrow();
        assertThat(narrow).isGreaterThan(wide);
    }

    @Test
    void aStatedBandwidthWithoutACataloguedLinkIsRefusedNamingTheFix() {
        // A device as the base, without intra=LINK: the node's link, and so its latency, is unknown.
        List<String> why = new ArrayList<>();
        String bare = "A100-PCIE-40GB+gpus=4";
        assertThat(sync.intra(config(bare, 4, 1, OptionalDouble.of(100)), 4, why)).isEmpty();
        assertThat(why).singleElement().asString().contains("intra_node_gbps is given", bare + "+intra=");
        why.clear();
        assertThat(sync.intra(config(bare, 4, 1, OptionalDouble.empty()), 4, why)).isEmpty();
        assertThat(why).singleElement().asString().contains(bare + "+intra=", "intra_node_gbps then sets");
    }
}
