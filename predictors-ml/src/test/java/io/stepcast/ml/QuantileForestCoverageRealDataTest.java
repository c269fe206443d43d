package io.stepcast.ml;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.ml.courier.CourierForestEstimator;
import io.stepcast.ml.learn.LearnedPredictor;
import io.stepcast.ml.learn.LearnerKind;
import io.stepcast.ml.learn.TribuoEstimator;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Measured coverage of the native quantile-forest intervals (Meinshausen 2006) at their stated level
 * ({@link LearnedPredictor#NATIVE_COVERAGE}) on real data, each group held out of the fit in turn. A quantile
 * forest's interval describes the spread of the training targets that share the leaves; a held-out group the
 * trees never saw can be off by more than that spread, so the measured coverage may fall short of the level:
 * that is what the split-conformal wrapper calibrates (it scales these intervals, as their half-width is its
 * normalisation).
 */
class QuantileForestCoverageRealDataTest {

    /** Held-out share inside the interval, and the mean interval width relative to the measured value. */
    record Coverage(String label, int n, double covered, double relativeWidth) {
        @Override
        public String toString() {
            return String.format("%-24s n %4d  covered %.3f (nominal %.1f)  mean width %.1f%% of the value", label, n,
                    covered, LearnedPredictor.NATIVE_COVERAGE, 100 * relativeWidth);
        }
    }

    static Coverage coverage(String label, Estimator estimator, List<Observation> data, Function<Observation, String> group,
                             Target target) {
        Map<String, List<Observation>> groups = new TreeMap<>();
        data.forEach(o -> groups.computeIfAbsent(group.apply(o), k -> new ArrayList<>()).add(o));
        int n = 0;
        int inside = 0;
        double width = 0;
        for (String held : groups.keySet()) {
            Predictor p = estimator.fit(TrainingSet.of("held-out-" + held,
                    data.stream().filter(o -> !group.apply(o).equals(held)).toList()));
            for (Observation o : groups.get(held)) {
                if (p.predict(o.config(), target) instanceof Prediction.Value v && v.lower().isPresent()) {
                    double y = o.value(target).getAsDouble();
                    n++;
                    inside += v.covers(y) ? 1 : 0;
                    width += (v.upper().getAsDouble() - v.lower().getAsDouble()) / y;
                }
            }
        }
        return new Coverage(label, n, (double) inside / n, width / n);
    }

    @Test
    void courierCellsLeaveOneCpuTenancyGroupOut() throws Exception {
        List<Observation> cells = new DefaultObservationCatalog().observations("courier-cells", Optional.empty());
        Function<Observation, String> group = o -> o.config().workers() + "x" + o.config().deployment().tenants();
        List<Coverage> c = List.of(
                coverage("courier-forest-compact", CourierForestEstimator.compact(), cells, group, Target.RESPONSE_TIME),
                coverage("random-forest", new TribuoEstimator(LearnerKind.RANDOM_FOREST)
                        .withHyperParameters(Map.of("trees", "30", "depth", "6")), cells, group, Target.RESPONSE_TIME));
        System.out.println("native quantile-forest intervals, Courier cells, leave one (cpu, njobs) group out:");
        c.forEach(x -> System.out.println("  " + x));
        c.forEach(x -> {
            assertThat(x.n()).as(x.label()).isEqualTo(48);
            // Measured 0.75 (compact forest) and 0.79 (random forest): short of 0.9 on unseen cpu x njobs groups.
            assertThat(x.covered()).as(x.label()).isBetween(0.6, 0.95);
        });
    }

    @Test
    void polluxResNet50LeaveOnePlacementOut() throws Exception {
        Path data = Path.of(System.getProperty("stepcast.shared.data"));
        List<Observation> rows = new DefaultObservationCatalog().observations("pollux-placements", Optional.of(data))
                .stream().filter(o -> o.tag("job", "").equals("imagenet")).toList();
        Function<Observation, String> group = o -> o.config().withLocalBatch(1).toString();
        Coverage c = coverage("random-forest", new TribuoEstimator(LearnerKind.RANDOM_FOREST)
                .withHyperParameters(Map.of("trees", "10", "depth", "8")), rows, group, Target.STEP_TIME);
        System.out.println("native quantile-forest intervals, Pollux ResNet-50 placements, leave one placement out:");
        System.out.println("  " + c);
        assertThat(c.n()).isEqualTo(rows.size());
        // Measured 0.83, intervals about a fifth of the step time wide.
        assertThat(c.covered()).isBetween(0.7, 0.95);
        assertThat(c.relativeWidth()).isBetween(0.05, 0.5);
    }
}
