package io.stepcast.api;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HyperParametersTest {

    @Test
    void integerAtLeastAnswersTheValueOrNamesTheBound() {
        HyperParameters hp = HyperParameters.of("min-points", "3");
        assertThat(hp.integerAtLeast("min-points", 3)).isEqualTo(3);
        assertThatThrownBy(() -> hp.integerAtLeast("min-points", 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("hyper-parameter 'min-points' must be at least 4");
        assertThatThrownBy(() -> hp.with(Map.of("min-points", "x")).integerAtLeast("min-points", 1))
                .hasMessage("hyper-parameter 'min-points' must be an integer, was 'x'");
    }
}
