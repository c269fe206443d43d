package io.stepcast.api;

import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class MeasurementsTest {
    private final Config eightWorkers = Config.builder().model("m").localBatch(32).workers(8).build();

    @Test
    void absentValuesStayAbsent() {
        Measurements m = Measurements.builder().responseTimeS(300).build();
        assertThat(m.accuracy()).isEmpty();
        assertThat(m.value(Target.STEP_TIME, eightWorkers)).isEmpty();
        assertThat(m.value(Target.RESPONSE_TIME, eightWorkers)).isEqualTo(OptionalDouble.of(300));
    }

    @Test
    void throughputIsDerivedFromStepTimeAndBack() {
        Measurements fromStep = Measurements.builder().stepTimeS(0.5).build();
        assertThat(fromStep.value(Target.THROUGHPUT, eightWorkers).getAsDouble()).isCloseTo(512.0, within(1e-9));
        Measurements fromRate = Measurements.builder().throughputSamplesPerS(512).build();
        assertThat(fromRate.value(Target.STEP_TIME, eightWorkers).getAsDouble()).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void emptyAndInvalidMeasurementsAreRefused() {
        assertThatThrownBy(() -> Measurements.builder().build()).hasMessageContaining("at least one");
        assertThatThrownBy(() -> Measurements.builder().stepTimeS(-1).build()).hasMessageContaining("step_time_s");
        assertThatThrownBy(() -> Measurements.builder().accuracy(1.5).build()).hasMessageContaining("accuracy");
        assertThatThrownBy(() -> Measurements.builder().stepTimeS(1).runs(0).build()).hasMessageContaining("runs");
    }

    @Test
    void predictionIsAValueOrATypedRefusal() {
        assertThat(Prediction.of(2.0).asDouble()).isEqualTo(OptionalDouble.of(2.0));
        Prediction na = Prediction.notApplicable("no profile for this model");
        assertThat(na.isValue()).isFalse();
        assertThat(na.asDouble()).isEmpty();
        assertThatThrownBy(() -> Prediction.of(Double.NaN)).hasMessageContaining("finite");
        assertThatThrownBy(() -> Prediction.of(1, 2, 0)).hasMessageContaining("exceeds");
    }
}
