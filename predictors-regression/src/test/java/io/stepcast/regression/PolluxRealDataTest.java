package io.stepcast.regression;

import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.regression.estimators.PolluxEstimator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Pollux form fitted on each model's real {@code placements.csv} (up to 4 nodes, 16 GPUs) predicts its
 * {@code scalability.csv} (6 to 16 nodes, up to 64 GPUs): the extrapolation test of issue 5.
 */
class PolluxRealDataTest {

    @Test
    void fitOnPlacementsPredictsScalability() throws IOException {
        List<Observation> all = RealData.source("pollux");
        Map<String, Double> mapeByJob = new TreeMap<>();
        for (String job : all.stream().map(o -> o.tag("job", "?")).distinct().sorted().toList()) {
            List<Observation> train = all.stream()
                    .filter(o -> o.tag("job", "").equals(job) && o.tag("split", "").equals("placements")).toList();
            List<Observation> test = all.stream()
                    .filter(o -> o.tag("job", "").equals(job) && o.tag("split", "").equals("scalability")).toList();
            Predictor p = new PolluxEstimator().fit(TrainingSet.of("pollux:" + job + "/placements", train));
            double[] ape = RealData.ape(p, test, Target.STEP_TIME);
            assertThat(RealData.missing(ape)).as(job + " not applicable").isZero();
            mapeByJob.put(job, RealData.mean(ape));
        }
        double average = mapeByJob.values().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        List<String> lines = new ArrayList<>();
        mapeByJob.forEach((k, v) -> lines.add(String.format("%s %.2f%%", k, v)));
        System.out.printf("pollux scalability MAPE per model: %s; average %.2f%%%n", String.join(", ", lines), average);
        assertThat(mapeByJob).hasSize(6);
        assertThat(average).isLessThanOrEqualTo(15.0);
    }
}
