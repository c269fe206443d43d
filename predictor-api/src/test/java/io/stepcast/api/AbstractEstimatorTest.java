package io.stepcast.api;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AbstractEstimatorTest {

    /** A minimal subclass: one parameter, validated in the constructor as the real estimators do. */
    private static final class Constant extends AbstractEstimator {
        Constant() {
            this(HyperParameters.of("seconds", "1.5", "label", "plain"));
        }

        private Constant(HyperParameters params) {
            super("constant", "a constant step time", Set.of(Target.THROUGHPUT, Target.STEP_TIME), params);
            if (!(params.real("seconds") > 0)) {
                throw new IllegalArgumentException("hyper-parameter 'seconds' must be positive");
            }
        }

        @Override
        protected Estimator copyWith(HyperParameters params) {
            return new Constant(params);
        }

        @Override
        public Predictor fit(TrainingSet training) {
            throw new CannotFitException("not needed here");
        }
    }

    @Test
    void answersWhatItWasGiven() {
        Constant e = new Constant();
        assertThat(e.name()).isEqualTo("constant");
        assertThat(e.description()).isEqualTo("a constant step time");
        assertThat(e.hyperParameters()).containsExactly(Map.entry("seconds", "1.5"), Map.entry("label", "plain"));
    }

    @Test
    void targetsIterateInEnumOrderAndCannotBeChanged() {
        Set<Target> targets = new Constant().targets();
        assertThat(targets).containsExactly(Target.STEP_TIME, Target.THROUGHPUT);
        assertThatThrownBy(() -> targets.add(Target.ACCURACY)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void withHyperParametersReturnsANewEstimatorAndLeavesTheOriginal() {
        Constant e = new Constant();
        Estimator f = e.withHyperParameters(Map.of("seconds", "2"));
        assertThat(f).isInstanceOf(Constant.class).isNotSameAs(e);
        assertThat(f.hyperParameters()).containsExactly(Map.entry("seconds", "2"), Map.entry("label", "plain"));
        assertThat(f.name()).isEqualTo("constant");
        assertThat(e.hyperParameters()).containsEntry("seconds", "1.5");
        assertThat(((Constant) f).params().real("seconds")).isEqualTo(2.0);
    }

    @Test
    void anUnknownKeyIsRefusedNamingItAndTheKnownOnes() {
        assertThatThrownBy(() -> new Constant().withHyperParameters(Map.of("secs", "2")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown hyper-parameter 'secs' (known: seconds, label)");
    }

    @Test
    void aBadValueIsRefusedByTheSubclass() {
        assertThatThrownBy(() -> new Constant().withHyperParameters(Map.of("seconds", "-1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'seconds'");
        assertThatThrownBy(() -> new Constant().withHyperParameters(Map.of("seconds", "fast")))
                .hasMessage("hyper-parameter 'seconds' must be a number, was 'fast'");
    }

    @Test
    void aBlankNameIsRefused() {
        HyperParameters none = HyperParameters.of();
        assertThatThrownBy(() -> new AbstractEstimator(" ", "d", Set.of(Target.STEP_TIME), none) {
            @Override
            protected Estimator copyWith(HyperParameters params) {
                return this;
            }

            @Override
            public Predictor fit(TrainingSet training) {
                return null;
            }
        }).hasMessageContaining("estimator name");
    }
}
