package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code nccl-allreduce} suite on the real vTrain nccl-tests tables ({@code --data ../shared/data}): fitted
 * on the 2- and 8-GPU tables, the alpha-beta ring predicts 3 to 7 GPUs within 10% MAPE on A100 and V100
 * together; the catalog-only model, which fits nothing, is scored too and its figure is bounded only to
 * catch regressions.
 */
class NcclAllreduceSuiteTest {
    private static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));
    private final CliSession cli = new CliSession();

    @Test
    void theFittedRingPredictsTheHeldOutGpuCountsWithinTenPercent(@TempDir Path out) throws Exception {
        assertThat(cli.run("evaluate", "--suite", "nccl-allreduce", "--data", DATA.toString(), "--out", out.toString()))
                .as(cli.err()).isZero();
        System.out.println(cli.out());
        Map<String, JsonNode> byPredictor = new HashMap<>();
        new ObjectMapper().readTree(out.resolve("results.json").toFile()).get("entries")
                .forEach(e -> byPredictor.put(e.get("predictor").asText(), e));
        JsonNode fitted = byPredictor.get("collective-alpha-beta");
        assertThat(fitted.get("n").asInt()).isEqualTo(2 * 5 * 1024);
        assertThat(fitted.get("mape").asDouble()).isLessThanOrEqualTo(10.0);
        JsonNode catalog = byPredictor.get("collective-catalog");
        assertThat(catalog.get("n").asInt()).isEqualTo(2 * 5 * 1024);
        assertThat(catalog.get("mape").asDouble()).isLessThan(30.0);
    }

    /** The same split per GPU type, printed for the report (A100 on NVSwitch, V100 on the hybrid cube-mesh). */
    @Test
    void perGpuTypeFigures() throws Exception {
        PluginRegistry registry = PluginRegistry.discover();
        List<Observation> all = registry.service(ObservationCatalog.class).orElseThrow()
                .observations("nccl-tests", Optional.of(DATA));
        List<Observation> train = all.stream().filter(o -> o.config().workers() == 2 || o.config().workers() == 8).toList();
        List<Observation> test = all.stream().filter(o -> o.config().workers() > 2 && o.config().workers() < 8).toList();
        for (String name : List.of("collective-alpha-beta", "collective-catalog")) {
            Estimator e = registry.estimators().get(name);
            Predictor p = e.fit(TrainingSet.of("nccl-tests/2,8", train));
            for (String hw : List.of("vtrain-a100", "vtrain-v100")) {
                double sum = 0;
                int n = 0;
                for (Observation o : test) {
                    if (o.config().deployment().hardware().equals(hw)) {
                        double y = o.value(Target.STEP_TIME).getAsDouble();
                        double yhat = ((Prediction.Value) p.predict(o.config(), Target.STEP_TIME)).value();
                        sum += Math.abs(yhat - y) / y;
                        n++;
                    }
                }
                System.out.printf("%s %s: MAPE %.1f%% (n=%d)%n", name, hw, 100 * sum / n, n);
                assertThat(n).isEqualTo(5 * 1024);
                if (name.equals("collective-alpha-beta")) {
                    assertThat(100 * sum / n).as(name + " " + hw).isLessThanOrEqualTo(10.0);
                }
            }
        }
    }
}
