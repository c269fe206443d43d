package io.stepcast.api;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The optional interval of a prediction and its stated coverage; a refusal that carries its field. */
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

    @Test
    void aRefusalOfAFieldIsWordedByEachFrontEndAndEqualToItsReasonAlone() {
        // Synthetic refusal and names, mechanics only.
        InvalidField field = new InvalidField("virtual_stages", names -> ": 3 does not divide the layers over "
                + names.mention("pipeline_parallel"));
        Prediction.NotApplicable n = (Prediction.NotApplicable) Prediction.notApplicable(field);
        assertThat(n.reason()).isEqualTo("virtual_stages: 3 does not divide the layers over pipeline_parallel");
        FieldNames options = new FieldNames() {
            @Override
            public String name(String f) {
                return "--" + f.replace('_', '-');
            }

            @Override
            public String mention(String f) {
                return name(f);
            }
        };
        assertThat(n.reason(options)).isEqualTo("--virtual-stages: 3 does not divide the layers over --pipeline-parallel");
        // Read back from its reason alone (a saved result), it is the same refusal; a plain one words itself.
        assertThat(new Prediction.NotApplicable(n.reason())).isEqualTo(n).hasSameHashCodeAs(n);
        assertThat(new Prediction.NotApplicable("no figures").reason(options)).isEqualTo("no figures");
        assertThatThrownBy(() -> new Prediction.NotApplicable("another reason", Optional.of(field)))
                .hasMessageContaining("a refused field's message is the reason");
    }
}
