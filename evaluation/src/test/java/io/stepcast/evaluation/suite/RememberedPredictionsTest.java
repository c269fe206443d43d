package io.stepcast.evaluation.suite;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A remembering predictor asks its fitted predictor once per question, on a synthetic counting predictor. */
class RememberedPredictionsTest {
    /** Synthetic: answers the local batch (with the level asked as its coverage) and throws for batch 13. */
    private static final class Counting implements Predictor {
        final List<String> asked = new ArrayList<>();

        @Override
        public Prediction predict(Config config, Target target) {
            asked.add(config.localBatch() + " " + target);
            if (config.localBatch() == 13) {
                throw new IllegalStateException("synthetic failure");
            }
            return Prediction.of(config.localBatch());
        }

        @Override
        public Prediction predict(Config config, Target target, double coverage) {
            asked.add(config.localBatch() + " " + target + " " + coverage);
            return Prediction.of(config.localBatch(), 0, 2.0 * config.localBatch(), coverage);
        }

        @Override
        public Set<Target> targets() {
            return Set.of(Target.STEP_TIME);
        }

        @Override
        public Provenance provenance() {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void eachQuestionReachesTheFittedPredictorOnceAndAFailureEveryTime() {
        Counting fitted = new Counting();
        Predictor p = new RememberedPredictions(fitted);
        Config a = Config.builder().model("synthetic").workers(2).localBatch(32).build();
        Config same = Config.builder().model("synthetic").workers(2).localBatch(32).build();
        for (int i = 0; i < 3; i++) {
            assertThat(p.predict(a, Target.STEP_TIME)).isEqualTo(Prediction.of(32));
            assertThat(p.predict(same, Target.STEP_TIME, 0.9)).isEqualTo(Prediction.of(32, 0, 64, 0.9));
            assertThat(p.predict(same, Target.STEP_TIME, 0.95)).isEqualTo(Prediction.of(32, 0, 64, 0.95));
        }
        assertThat(fitted.asked).containsExactly("32 STEP_TIME", "32 STEP_TIME 0.9", "32 STEP_TIME 0.95");
        Config bad = Config.builder().model("synthetic").workers(2).localBatch(13).build();
        assertThatThrownBy(() -> p.predict(bad, Target.STEP_TIME)).hasMessage("synthetic failure");
        assertThatThrownBy(() -> p.predict(bad, Target.STEP_TIME)).hasMessage("synthetic failure");
        assertThat(fitted.asked).hasSize(5);
    }
}
