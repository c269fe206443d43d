package io.stepcast.analytic;

import io.stepcast.api.Architecture;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.analytic.estimators.ErnestEstimator;
import io.stepcast.analytic.estimators.PolluxEstimator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pollux and Ernest fitted on each model's real {@code placements.csv} (up to 4 nodes, 16 GPUs) predict its
 * {@code scalability.csv} (6 to 16 nodes, up to 64 GPUs): the extrapolation test.
 */
class PolluxRealDataTest {
    private static List<Observation> all;

    @BeforeAll
    static void load() throws IOException {
        all = RealData.source("pollux");
    }

    private static Map<String, Double> scalabilityMape(Estimator estimator) {
        Map<String, Double> mapeByJob = new TreeMap<>();
        for (String job : all.stream().map(o -> o.tag("job", "?")).distinct().sorted().toList()) {
            List<Observation> train = split(job, "placements");
            List<Observation> test = split(job, "scalability");
            Predictor p = estimator.fit(TrainingSet.of("pollux:" + job + "/placements.csv", train));
            double[] ape = RealData.ape(p, test, Target.STEP_TIME);
            assertThat(RealData.missing(ape)).as(job + " not applicable").isZero();
            mapeByJob.put(job, RealData.mean(ape));
        }
        double average = mapeByJob.values().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        List<String> lines = new ArrayList<>();
        mapeByJob.forEach((k, v) -> lines.add(String.format("%s %.2f%%", k, v)));
        System.out.printf("%s: fit placements.csv, predict scalability.csv, MAPE per model: %s; average %.2f%%%n",
                estimator.name(), String.join(", ", lines), average);
        mapeByJob.put("average", average);
        return mapeByJob;
    }

    private static List<Observation> split(String job, String split) {
        return all.stream().filter(o -> o.tag("job", "").equals(job) && o.tag("split", "").equals(split)).toList();
    }

    @Test
    void polluxFitOnPlacementsPredictsScalability() {
        Map<String, Double> mape = scalabilityMape(new PolluxEstimator(Optional.empty()));
        assertThat(mape).hasSize(7);
        assertThat(mape.get("average")).isLessThanOrEqualTo(15.0);
        mape.forEach((job, m) -> assertThat(m).as(job).isLessThan(25.0));
    }

    @Test
    void ernestFitOnPlacementsPredictsScalability() {
        Map<String, Double> mape = scalabilityMape(new ErnestEstimator(Optional.empty()));
        assertThat(mape).hasSize(7);
        assertThat(mape.get("average")).isLessThanOrEqualTo(15.0);
    }

    @Test
    void polluxFitsThePlacementsItWasFittedOn() {
        List<Observation> train = split("cifar10", "placements");
        Predictor p = new PolluxEstimator(Optional.empty()).fit(TrainingSet.of("pollux:cifar10/placements.csv", train));
        double mape = RealData.mean(RealData.ape(p, train, Target.STEP_TIME));
        System.out.printf("pollux cifar10 in-sample MAPE %.2f%%%n", mape);
        assertThat(mape).isLessThan(10.0);
    }

    @Test
    void polluxDoesNotAnswerOutsideItsDomain() {
        List<Observation> train = split("imagenet", "placements");
        Predictor p = new PolluxEstimator(Optional.empty()).fit(TrainingSet.of("pollux:imagenet/placements.csv", train));
        Observation o = train.get(0);
        var ps = o.config().toBuilder().architecture(Architecture.SYNC_PS).parameterServers(1).build();
        assertThat(p.predict(ps, Target.STEP_TIME)).isInstanceOf(Prediction.NotApplicable.class);
        Prediction shared = p.predict(o.config().toBuilder().tenants(2).build(), Target.STEP_TIME);
        assertThat(shared).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(((Prediction.NotApplicable) shared).reason()).contains("alone");
        var other = o.config().toBuilder().model("VGG16").build();
        assertThat(p.predict(other, Target.STEP_TIME)).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(p.predict(o.config(), Target.RESPONSE_TIME)).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(p.predict(o.config(), Target.THROUGHPUT).asDouble().getAsDouble())
                .isCloseTo(o.config().globalBatch() / p.predict(o.config(), Target.STEP_TIME).asDouble().getAsDouble(),
                        org.assertj.core.api.Assertions.within(1e-9));
    }
}
