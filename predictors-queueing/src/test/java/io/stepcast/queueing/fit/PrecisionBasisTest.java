package io.stepcast.queueing.fit;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.TrainingSet;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rows of one model, batch and machine at two precisions are two bases, and a configuration takes the one of its
 * precision (synthetic steps, nothing measured: 0.27 s at TF32, 0.10 s in mixed precision).
 */
class PrecisionBasisTest {
    private static Config config(int workers, Precision precision) {
        return Config.builder().model("net").architecture(Architecture.ALLREDUCE).parameterServers(0)
                .workers(workers).nodes(1).parameterBytes(100_000_000).hardware("synthetic-box").localBatch(256)
                .parallel(ParallelLayout.builder(1, 1, workers, 256, 1).precision(precision).build())
                .build();
    }

    private static Observation row(Precision precision, double stepS) {
        return new Observation(config(1, precision), Measurements.builder().stepTimeS(stepS).build(), "synthetic");
    }

    @Test
    void aConfigurationTakesTheBasisOfItsPrecisionAndTheTableKeepsBoth() {
        List<Observation> rows = List.of(row(Precision.TF32, 0.27), row(Precision.FP16, 0.10));
        BasisTable<String> table = BasisTable.fit(TrainingSet.of("synthetic", rows), "auto",
                b -> new Calibrated.Ready<>("state"));
        assertThat(table.entries()).hasSize(2);
        assertThat(table.find(config(8, Precision.TF32)).orElseThrow().basis().stepTimeS()).isEqualTo(0.27);
        assertThat(table.find(config(8, Precision.FP16)).orElseThrow().basis().stepTimeS()).isEqualTo(0.10);
        assertThat(table.find(config(8, Precision.TF32)).orElseThrow().basis().precision()).isEqualTo("tf32");
        // A precision the table has no basis of falls back to the model's bases, as another machine's label does.
        assertThat(table.find(config(8, Precision.BF16))).isPresent();
    }
}
