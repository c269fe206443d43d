package io.stepcast.models.uncertainty;

import io.stepcast.api.uncertainty.WrappedPredictor;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.models.predictor.AbstractPredictor;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Split-conformal intervals around a toy estimator, on synthetic step times (named synthetic, never measured). */
class SplitConformalEstimatorTest {

    /** Toy estimator: step time = mean seconds per sample x local batch, whatever the workers. */
    private record PerSample(String name) implements Estimator {
        @Override
        public String description() {
            return "synthetic toy: mean seconds per sample";
        }

        @Override
        public Set<Target> targets() {
            return Set.of(Target.STEP_TIME);
        }

        @Override
        public Map<String, String> hyperParameters() {
            return Map.of();
        }

        @Override
        public Estimator withHyperParameters(Map<String, String> overrides) {
            if (!overrides.isEmpty()) {
                throw new IllegalArgumentException("unknown hyper-parameter '" + overrides.keySet().iterator().next() + "'");
            }
            return this;
        }

        @Override
        public Predictor fit(TrainingSet training) {
            if (training.size() == 0) {
                throw new CannotFitException("no rows");
            }
            double perSample = training.observations().stream()
                    .mapToDouble(o -> o.measurements().stepTimeS().getAsDouble() / o.config().localBatch())
                    .average().orElseThrow();
            Provenance prov = Provenance.of(this, training, 0);
            return new AbstractPredictor(prov) {
                @Override
                public Prediction predict(Config config, Target target) {
                    return target == Target.STEP_TIME ? Prediction.of(perSample * config.localBatch())
                            : Prediction.notApplicable("synthetic toy predicts step time only");
                }

                @Override
                public Set<Target> targets() {
                    return Set.of(Target.STEP_TIME);
                }
            };
        }
    }

    /** Synthetic jobs: 1-8 workers, batches 16-256, step time 0.01 s per sample with multiplicative noise. */
    private static List<Observation> synthetic(int jobs, long seed) {
        Random r = new Random(seed);
        List<Observation> out = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            int workers = 1 + j % 8;
            for (int b = 16; b <= 256; b *= 2) {
                Config c = Config.builder().model("synthetic-" + j).workers(workers).localBatch(b).build();
                double t = 0.01 * b * Math.exp(0.2 * r.nextGaussian());
                out.add(new Observation(c, Measurements.builder().stepTimeS(t).build(), "synthetic"));
            }
        }
        return out;
    }

    private static final Estimator BASE = new PerSample("synthetic-per-sample");

    @Test
    void refitKeepsTheBasePointsAndAddsAnIntervalAtTheStatedCoverage() {
        TrainingSet training = TrainingSet.of("synthetic", synthetic(60, 1));
        Predictor plain = BASE.fit(training);
        Predictor wrapped = new SplitConformalEstimator(BASE).fit(training);
        for (Observation o : synthetic(10, 2)) {
            Prediction p = wrapped.predict(o.config(), Target.STEP_TIME);
            assertThat(p.asDouble()).isEqualTo(plain.predict(o.config(), Target.STEP_TIME).asDouble());
            Prediction.Value v = (Prediction.Value) p;
            assertThat(v.coverage()).hasValue(0.9);
            assertThat(v.lower().getAsDouble()).isLessThan(v.value());
            assertThat(v.upper().getAsDouble()).isGreaterThan(v.value());
        }
    }

    @Test
    void answersGiveTheWrappedPointAndTheBaseOwnAnswerFromTheSameFit() {
        TrainingSet training = TrainingSet.of("synthetic", synthetic(60, 1));
        Predictor wrapped = new SplitConformalEstimator(BASE).fit(training);
        Predictor plain = BASE.fit(training);
        assertThat(wrapped).isInstanceOf(WrappedPredictor.class);
        for (Observation o : synthetic(10, 2)) {
            WrappedPredictor.Answers a = ((WrappedPredictor) wrapped).answers(o.config(), Target.STEP_TIME);
            assertThat(a.wrapped()).isEqualTo(wrapped.predict(o.config(), Target.STEP_TIME));
            // The toy has no interval of its own: its base answer is the bare point of the plain fit.
            assertThat(a.base()).isEqualTo(plain.predict(o.config(), Target.STEP_TIME));
            assertThat(a.base().hasInterval()).isFalse();
            assertThat(a.wrapped().hasInterval()).isTrue();
        }
    }

    @Test
    void measuredCoverageOnFreshSyntheticPointsIsNearTheNominalLevel() {
        Predictor wrapped = new SplitConformalEstimator(BASE).fit(TrainingSet.of("synthetic", synthetic(200, 3)));
        List<Observation> test = synthetic(200, 4);
        for (double level : new double[] {0.8, 0.9, 0.95}) {
            long inside = test.stream().filter(o -> ((Prediction.Value) wrapped.predict(o.config(), Target.STEP_TIME, level))
                    .covers(o.measurements().stepTimeS().getAsDouble())).count();
            assertThat((double) inside / test.size()).as("coverage at " + level).isBetween(level - 0.05, level + 0.05);
        }
    }

    /** Synthetic jobs of two models: "quiet" with 5% multiplicative noise, "noisy" with 40%. */
    private static List<Observation> twoModels(int jobsPerModel, long seed) {
        Random r = new Random(seed);
        List<Observation> out = new ArrayList<>();
        for (int j = 0; j < 2 * jobsPerModel; j++) {
            boolean quiet = j % 2 == 0;
            for (int b = 16; b <= 256; b *= 2) {
                Config c = Config.builder().model(quiet ? "quiet" : "noisy").workers(1 + j / 2).localBatch(b).build();
                double t = 0.01 * b * Math.exp((quiet ? 0.05 : 0.4) * r.nextGaussian());
                out.add(new Observation(c, Measurements.builder().stepTimeS(t).build(), "synthetic"));
            }
        }
        return out;
    }

    private static double coverage(Predictor p, List<Observation> test, String model) {
        List<Observation> mine = test.stream().filter(o -> o.config().model().equals(model)).toList();
        return (double) mine.stream().filter(o -> ((Prediction.Value) p.predict(o.config(), Target.STEP_TIME))
                .covers(o.measurements().stepTimeS().getAsDouble())).count() / mine.size();
    }

    @Test
    void mondrianByModelHoldsTheCoverageWithinEachModel() {
        TrainingSet training = TrainingSet.of("synthetic", twoModels(200, 11));
        List<Observation> test = twoModels(200, 12);
        Predictor byModel = new SplitConformalEstimator(BASE).fit(training);
        Predictor pooled = new SplitConformalEstimator(BASE).withHyperParameters(Map.of("conformal-mondrian", "none"))
                .fit(training);
        assertThat(coverage(byModel, test, "quiet")).isBetween(0.85, 0.95);
        assertThat(coverage(byModel, test, "noisy")).isBetween(0.85, 0.95);
        // Pooled, the quiet model's interval is sized by the noisy one's errors, and the noisy one's too narrow.
        assertThat(coverage(pooled, test, "quiet")).isGreaterThan(0.97);
        assertThat(coverage(pooled, test, "noisy")).isLessThan(0.85);
        Config quiet = Config.builder().model("quiet").workers(3).localBatch(64).build();
        Prediction.Value narrow = (Prediction.Value) byModel.predict(quiet, Target.STEP_TIME);
        Prediction.Value wide = (Prediction.Value) pooled.predict(quiet, Target.STEP_TIME);
        assertThat(narrow.upper().getAsDouble() - narrow.lower().getAsDouble())
                .isLessThan((wide.upper().getAsDouble() - wide.lower().getAsDouble()) / 3);
        // A model never calibrated gets the pooled quantile.
        Config unseen = Config.builder().model("other").workers(3).localBatch(64).build();
        assertThat(byModel.predict(unseen, Target.STEP_TIME)).isEqualTo(pooled.predict(unseen, Target.STEP_TIME));
    }

    @Test
    void relativeResidualsWidenTheIntervalWithThePrediction() {
        Predictor wrapped = new SplitConformalEstimator(BASE).fit(TrainingSet.of("synthetic", synthetic(60, 5)));
        Prediction.Value small = (Prediction.Value) wrapped.predict(Config.builder().model("x").workers(2).localBatch(16)
                .build(), Target.STEP_TIME);
        Prediction.Value large = (Prediction.Value) wrapped.predict(Config.builder().model("x").workers(2).localBatch(256)
                .build(), Target.STEP_TIME);
        double ws = small.upper().getAsDouble() - small.lower().getAsDouble();
        double wl = large.upper().getAsDouble() - large.lower().getAsDouble();
        assertThat(wl / ws).isCloseTo(16.0, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void theSameSeedGivesTheSameIntervalsAndAnotherSeedOthers() {
        TrainingSet training = TrainingSet.of("synthetic", synthetic(60, 6));
        Config c = Config.builder().model("x").workers(3).localBatch(64).build();
        Prediction a = new SplitConformalEstimator(BASE).fit(training).predict(c, Target.STEP_TIME);
        Prediction b = new SplitConformalEstimator(BASE).fit(training).predict(c, Target.STEP_TIME);
        Prediction other = new SplitConformalEstimator(BASE).withHyperParameters(Map.of("conformal-seed", "5"))
                .fit(training).predict(c, Target.STEP_TIME);
        assertThat(a).isEqualTo(b);
        assertThat(other).isNotEqualTo(a);
    }

    @Test
    void tooFewCalibrationPointsGiveNoIntervalAtAHighLevelRatherThanAMadeUpOne() {
        // 3 jobs x 5 batches, one split: one job (5 points) calibrates, too few for 95 %.
        Predictor wrapped = new SplitConformalEstimator(BASE).withHyperParameters(Map.of("conformal-folds", "1"))
                .fit(TrainingSet.of("synthetic", synthetic(3, 7)));
        Config c = Config.builder().model("x").workers(1).localBatch(64).build();
        assertThat(wrapped.predict(c, Target.STEP_TIME, 0.95).hasInterval()).isFalse();
        assertThat(wrapped.predict(c, Target.STEP_TIME, 0.8).hasInterval()).isTrue();
    }

    @Test
    void crossConformalFoldsCalibrateOnEveryTrainingPoint() {
        // 6 jobs x 5 batches = 30 points: 5 folds score all 30, enough for 95 %.
        Predictor wrapped = new SplitConformalEstimator(BASE).fit(TrainingSet.of("synthetic", synthetic(6, 8)));
        Config c = Config.builder().model("x").workers(1).localBatch(64).build();
        assertThat(wrapped.predict(c, Target.STEP_TIME, 0.95).hasInterval()).isTrue();
        assertThat(((ConformalPredictor) wrapped).uncalibrated()).isEmpty();
    }

    @Test
    void hyperParametersAreSplitBetweenTheWrapperAndTheBaseAndBadOnesNamed() {
        SplitConformalEstimator e = new SplitConformalEstimator(BASE);
        assertThat(e.name()).isEqualTo("synthetic-per-sample-conformal");
        assertThat(e.hyperParameters()).containsEntry("conformal-coverage", "0.9");
        assertThatThrownBy(() -> e.withHyperParameters(Map.of("conformal-coverage", "1.5")))
                .hasMessageContaining("conformal-coverage");
        assertThatThrownBy(() -> e.withHyperParameters(Map.of("trees", "5"))).hasMessageContaining("trees");
        assertThat(e.withCoverage(0.8).hyperParameters()).containsEntry("conformal-coverage", "0.8");
    }
    /** The toy, offering throughput too, that records the targets each fit is asked for. */
    private static final class Recording extends io.stepcast.api.AbstractEstimator {
        private final List<Set<Target>> asked;

        Recording(List<Set<Target>> asked) {
            super("synthetic-recording", "synthetic toy that records its fits",
                    Set.of(Target.STEP_TIME, Target.THROUGHPUT), io.stepcast.api.HyperParameters.of());
            this.asked = asked;
        }

        @Override
        protected Estimator copyWith(io.stepcast.api.HyperParameters params) {
            return this;
        }

        @Override
        public Predictor fit(TrainingSet training) {
            return fit(training, targets());
        }

        @Override
        public Predictor fit(TrainingSet training, Set<Target> targets) {
            asked.add(Set.copyOf(targets));
            return BASE.fit(training);
        }
    }

    @Test
    void aFitForSomeTargetsAsksTheBaseForThemOnlyAndAnswersThemAsTheFullFit() {
        Config c = Config.builder().model("x").workers(2).localBatch(64).build();
        // 60 jobs: one calibration split; 6 jobs: five cross-conformal folds.
        for (int jobs : new int[] {60, 6}) {
            TrainingSet training = TrainingSet.of("synthetic", synthetic(jobs, 3));
            List<Set<Target>> asked = new ArrayList<>();
            Predictor some = new SplitConformalEstimator(new Recording(asked)).fit(training, Set.of(Target.STEP_TIME));
            assertThat(asked).hasSizeGreaterThanOrEqualTo(2).allMatch(Set.of(Target.STEP_TIME)::equals);
            Predictor all = new SplitConformalEstimator(new Recording(new ArrayList<>())).fit(training);
            for (double level : new double[] {0.9, 0.95}) {
                assertThat(some.predict(c, Target.STEP_TIME, level)).isEqualTo(all.predict(c, Target.STEP_TIME, level));
            }
            assertThat(some.predict(c, Target.STEP_TIME, 0.9).hasInterval()).isTrue();
        }
    }
}
