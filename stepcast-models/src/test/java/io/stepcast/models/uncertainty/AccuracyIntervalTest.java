package io.stepcast.models.uncertainty;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** An accuracy interval stays inside [0, 1] (synthetic accuracies, named synthetic, never measured). */
class AccuracyIntervalTest {
    /** Synthetic toy: always predicts an accuracy of 0.97. */
    private static final Estimator HIGH = new Estimator() {
        public String name() { return "synthetic-high-accuracy"; }
        public String description() { return "synthetic toy"; }
        public Set<Target> targets() { return Set.of(Target.ACCURACY); }
        public Map<String, String> hyperParameters() { return Map.of(); }
        public Estimator withHyperParameters(Map<String, String> o) { return this; }
        public Predictor fit(TrainingSet t) {
            Provenance p = Provenance.of(this, t, 0);
            return new Predictor() {
                public Prediction predict(Config c, Target target) { return Prediction.of(0.97); }
                public Set<Target> targets() { return Set.of(Target.ACCURACY); }
                public Provenance provenance() { return p; }
            };
        }
    };

    @Test
    void theUpperEndOfAnAccuracyIntervalIsAtMostOne() {
        Random r = new Random(5);
        List<Observation> rows = new ArrayList<>();
        for (int j = 0; j < 200; j++) {
            Config c = Config.builder().model("synthetic-" + j % 3).workers(1).localBatch(32 << (j % 3)).build();
            double acc = Math.min(1, Math.max(0, 0.85 + 0.08 * r.nextGaussian()));
            rows.add(new Observation(c, Measurements.builder().accuracy(acc).build(), "synthetic"));
        }
        Predictor p = new SplitConformalEstimator(HIGH).withHyperParameters(Map.of("conformal-normalise", "none"))
                .fit(TrainingSet.of("synthetic", rows));
        Prediction.Value v = (Prediction.Value) p.predict(rows.get(0).config(), Target.ACCURACY);
        assertThat(v.lower().getAsDouble()).isLessThan(0.97);
        // The residuals reach well above 0.03, so the half-width would carry the upper end past 1.
        assertThat(0.97 - v.lower().getAsDouble()).isGreaterThan(0.03);
        assertThat(v.upper().getAsDouble()).isEqualTo(1.0);
    }
}
