package io.stepcast.api;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TrainingSetTest {

    private static Observation obs(double step, Map<String, String> tags) {
        Config c = Config.builder().model("m").localBatch(8).build();
        return new Observation(c, Measurements.builder().stepTimeS(step).build(), "synthetic:test", 0, tags);
    }

    @Test
    void checksumIsIndependentOfTagOrderAndChangesWithData() {
        TrainingSet a = TrainingSet.of("a", List.of(obs(1, Map.of("x", "1", "y", "2"))));
        TrainingSet b = TrainingSet.of("b", List.of(obs(1, Map.of("y", "2", "x", "1"))));
        TrainingSet c = TrainingSet.of("c", List.of(obs(2, Map.of("x", "1", "y", "2"))));
        assertThat(a.checksum()).isEqualTo(b.checksum()).hasSize(64);
        assertThat(a.checksum()).isNotEqualTo(c.checksum());
    }

    @Test
    void hyperParametersRefuseUnknownKeysAndBadValues() {
        HyperParameters hp = HyperParameters.of("trees", "100", "policy", "random");
        assertThat(hp.with(Map.of("trees", "5")).integer("trees")).isEqualTo(5);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> hp.with(Map.of("tres", "5")))
                .hasMessageContaining("unknown hyper-parameter 'tres'").hasMessageContaining("trees");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> hp.with(Map.of("trees", "many")).integer("trees"))
                .hasMessageContaining("integer");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> hp.choice("policy", "fifo", "tic"))
                .hasMessageContaining("fifo|tic");
    }
}
