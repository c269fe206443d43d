package io.stepcast.analytic.collective;

import io.stepcast.api.Config;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.collective.Placement;
import io.stepcast.models.collective.RingAlgorithm;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * {@code collective-catalog} takes a call's stated ring bandwidth inside a node in place of the catalog's, with the
 * catalogued link's latency: the time is NCCL's simple-protocol ring over that link (one protocol asked for, so
 * the expected figure is one formula).
 */
class CollectiveCatalogStatedBandwidthTest {
    private final HardwareCatalog catalog = new DefaultHardwareCatalog();

    private static Config call(int gpus, long bytes, Double intraGbps) {
        Config.Builder b = Config.builder().model("allreduce").framework("nccl").parameterBytes(bytes).workers(gpus)
                .nodes(1).hardware("dgx-a100").localBatch(1);
        if (intraGbps != null) {
            b.intraNodeGbps(intraGbps);
        }
        return b.build();
    }

    @Test
    void theStatedIntraNodeBandwidthReplacesTheCatalogs() {
        Predictor p = new CollectiveCatalogEstimator(Optional.of(catalog))
                .withHyperParameters(Map.of("protocol", "simple")).fit(TrainingSet.of("none", List.of()));
        long bytes = 1L << 28;
        double stated = p.predict(call(8, bytes, 400.0), Target.STEP_TIME).asDouble().orElseThrow();
        double alphaUs = catalog.intraLink(catalog.system("dgx-a100").orElseThrow()).orElseThrow().latencyUs()
                .getAsDouble();
        double expected = RingAlgorithm.nccl(LinkCost.of(alphaUs, 400.0 / 8), NcclProtocol.SIMPLE,
                NcclProtocol.Hardware.NVLINK).seconds(Collective.ALL_REDUCE, bytes, Placement.singleNode(8));
        assertThat(stated).isCloseTo(expected, withinPercentage(1e-9));
        double catalogued = p.predict(call(8, bytes, null), Target.STEP_TIME).asDouble().orElseThrow();
        // A DGX A100's NVSwitch gives a ring far more than 400 Gbit/s per GPU.
        assertThat(catalogued).isLessThan(stated);
    }

    @Test
    void aCallOfOneRankIsRefusedNotAnsweredWithNoTime() {
        // An nccl-tests log of an MPI launch lists no ranks; a row left at one rank must not score a 0 s answer.
        Predictor p = new CollectiveCatalogEstimator(Optional.of(catalog)).fit(TrainingSet.of("none", List.of()));
        io.stepcast.api.Prediction one = p.predict(call(1, 1L << 20, null), Target.STEP_TIME);
        assertThat(one).isInstanceOf(io.stepcast.api.Prediction.NotApplicable.class);
        assertThat(((io.stepcast.api.Prediction.NotApplicable) one).reason())
                .contains("a collective over 1 rank moves nothing").contains("--workers N");
    }
}
