package io.stepcast.app.cli;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.zoo.ZooCatalog;
import io.stepcast.evaluation.suite.UserObservationFiles;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A user's own rows (evaluate's and sweep's --train, evaluate's --test) get the zoo's parameter bytes. */
class TrainTestZooTest {
    private static Observation synthetic(Config.Builder b) {
        return new Observation(b.localBatch(32).build(), Measurements.builder().stepTimeS(0.1).build(), "synthetic");
    }

    @Test
    void zooBytesFillOnlyWhatTheFileLeavesOut() {
        ModelCatalog zoo = new ZooCatalog();
        List<Observation> out = UserObservationFiles.withZooParameterBytes(List.of(
                synthetic(Config.builder().model("resnet50")),
                synthetic(Config.builder().model("resnet50").parameterBytes(123)),
                synthetic(Config.builder().model("my-own-net"))), Optional.of(zoo));
        assertThat(out.get(0).config().workload().parameterBytes().getAsLong())
                .isEqualTo(zoo.get("resnet50").parameterBytes());
        assertThat(out.get(1).config().workload().parameterBytes().getAsLong()).isEqualTo(123);
        assertThat(out.get(2).config().workload().parameterBytes()).isEmpty();
    }
}
