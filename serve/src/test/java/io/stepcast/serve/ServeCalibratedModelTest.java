package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;
import io.stepcast.app.cli.StepcastCli;
import io.stepcast.app.model.SavedPredictors;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.parquet.ObservationFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A model saved by {@code stepcast fit --coverage 0.9} (the compact Courier forests on the embedded Courier
 * tables) is served with its calibrated interval and its coverage, as the saved file answers.
 */
class ServeCalibratedModelTest {
    @TempDir
    Path dir;

    @Test
    void aModelSavedWithCoverageIsServedWithItsInterval() throws Exception {
        Path train = dir.resolve("courier.parquet");
        ObservationFiles.write(train, new DefaultObservationCatalog().observations("courier", Optional.empty()));
        Path models = Files.createDirectories(dir.resolve("models"));
        Path model = models.resolve("compact90.json");
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(ServeFixture.REGISTRY, new String[] {"fit", "--predictor", "courier-forest-compact",
            "--train", train.toString(), "--save", model.toString(), "--coverage", "0.9"},
                new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();

        ServedPredictors served = ServedPredictors.load(ServeFixture.REGISTRY, name -> false, Optional.of(models));
        JsonNode body = ServeFixture.JSON.readTree("{\"predictor\": \"compact90\", \"target\": \"response-time\", "
                + "\"config\": {\"model\": \"lenet5\", \"architecture\": \"allreduce\", \"workers\": 4, \"nodes\": 3, "
                + "\"tenants\": 2, \"local_batch\": 64}}");
        JsonNode answer = new Answers(served, ServeFixture.JSON).predict(body);
        assertThat(answer.get("coverage").asDouble()).isEqualTo(0.9);

        Config c = Config.builder().model("lenet5").workers(4).nodes(3).tenants(2).localBatch(64).build();
        Prediction.Value fromFile = (Prediction.Value) SavedPredictors.load(ServeFixture.REGISTRY, model)
                .predict(c, Target.RESPONSE_TIME);
        assertThat(answer.get("value").asDouble()).isEqualTo(fromFile.value());
        assertThat(answer.get("interval").get(0).asDouble()).isEqualTo(fromFile.lower().getAsDouble());
        assertThat(answer.get("interval").get(1).asDouble()).isEqualTo(fromFile.upper().getAsDouble());
    }
}
