package io.stepcast.api;

import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The optional interval of a prediction and its stated coverage. */
class PredictionTest {

    @Test
    void theOldFormsStillBuildAValueWithoutCoverage() {
        Prediction.Value v = new Prediction.Value(2, OptionalDouble.of(1), OptionalDouble.of(3));
        assertThat(v.coverage()).isEmpty();
        assertThat(Prediction.of(2, 1, 3)).isEqualTo(v);
        assertThat(Prediction.of(2).hasInterval()).isFalse();
    }

    @Test
    void anIntervalStatesItsCoverageAndSaysWhatItCovers() {
        Prediction.Value v = (Prediction.Value) Prediction.of(2, 1, 3, 0.9);
        assertThat(v.coverage()).hasValue(0.9);
        assertThat(v.covers(1)).isTrue();
        assertThat(v.covers(3.0001)).isFalse();
    }

    @Test
    void aCoverageOutsideTheUnitIntervalOrWithoutAnIntervalIsRefused() {
        assertThatThrownBy(() -> Prediction.of(2, 1, 3, 1.0)).hasMessageContaining("coverage");
        assertThatThrownBy(() -> new Prediction.Value(2, OptionalDouble.empty(), OptionalDouble.empty(),
                OptionalDouble.of(0.9))).hasMessageContaining("needs an interval");
    }
}
