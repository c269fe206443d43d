package io.stepcast.queueing.fit;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;
import io.stepcast.models.compute.ParameterPasses;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A basis measured at one batch takes the compute slope of the rows of one node (synthetic steps, nothing measured:
 * compute 0.05 s + 2 ms per sample, 30 ms of exchange on 4 GPUs).
 */
class OneNodeSlopeBasisTest {
    private static Observation row(int workers, int batch, double stepS) {
        Config c = Config.builder().model("net").architecture(Architecture.ALLREDUCE).parameterServers(0)
                .workers(workers).nodes(1).parameterBytes(100_000_000).hardware("synthetic-box").localBatch(batch)
                .build();
        return new Observation(c, Measurements.builder().stepTimeS(stepS).build(), "synthetic");
    }

    @Test
    void theOneNodeRowsSlopeGivesTheFixedPartOfASingleBatchAndSurvivesTheCodecTable() {
        List<Observation> rows = List.of(row(1, 32, 0.05 + 0.002 * 32), row(4, 8, 0.05 + 0.002 * 8 + 0.03),
                row(4, 32, 0.05 + 0.002 * 32 + 0.03));
        BasisTable<String> table = BasisTable.fit(TrainingSet.of("synthetic", rows), "auto",
                b -> new Calibrated.Ready<>("state"));
        assertThat(table.slopes()).containsOnlyKeys(BasisTable.slopeKey("net", "synthetic-box", ""));
        SingleWorkerBasis basis = table.entries().get(0).basis();
        double ratio = table.batchRatio(basis, 8, new ParameterPasses(Optional.empty()));
        assertThat(ratio).isCloseTo((0.05 + 0.002 * 8) / (0.05 + 0.002 * 32), within(1e-9));
        BasisTable<String> without = new BasisTable<>(table.entries());
        assertThat(without.batchRatio(basis, 8, new ParameterPasses(Optional.empty()))).isCloseTo(8.0 / 32,
                within(1e-12));
    }
}
