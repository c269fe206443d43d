package io.stepcast.regression;

import io.stepcast.api.Architecture;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.regression.estimators.CourierOlsEstimator;
import io.stepcast.regression.estimators.ErnestEstimator;
import io.stepcast.regression.estimators.LinearScalingEstimator;
import io.stepcast.regression.estimators.OptimusEstimator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Scratch: every other estimator fitted and scored on real data. */
class OtherEstimatorsRealDataTest {

    @Test
    void scratch() throws IOException {
        List<Observation> tf = RealData.source("tf-benchmarks").stream()
                .filter(o -> o.config().deployment().architecture() == Architecture.SYNC_PS).toList();
        System.out.println("tf sync_ps rows " + tf.size());
        List<Observation> small = tf.stream().filter(o -> o.config().workers() <= 8).toList();
        List<Observation> large = tf.stream().filter(o -> o.config().workers() > 8).toList();
        Predictor opt = new OptimusEstimator().fit(TrainingSet.of("tf<=8", small));
        double[] a = RealData.ape(opt, large, Target.THROUGHPUT);
        System.out.printf("optimus extrapolation MAPE %.2f%% n=%d missing=%d%n", RealData.mean(a), a.length, RealData.missing(a));
        Predictor ls = new LinearScalingEstimator().fit(TrainingSet.of("tf", tf));
        List<Observation> multi = tf.stream().filter(o -> o.config().workers() > 1).toList();
        double[] b = RealData.ape(ls, multi, Target.THROUGHPUT);
        System.out.printf("linear MAPE %.2f%% n=%d missing=%d%n", RealData.mean(b), b.length, RealData.missing(b));
        double[] b2 = RealData.ape(ls, large, Target.THROUGHPUT);
        System.out.printf("linear on large MAPE %.2f%% n=%d missing=%d%n", RealData.mean(b2), b2.length, RealData.missing(b2));
        double[] a2 = RealData.ape(opt, small, Target.THROUGHPUT);
        System.out.printf("optimus in-sample MAPE %.2f%% n=%d missing=%d%n", RealData.mean(a2), a2.length, RealData.missing(a2));

        List<Observation> pollux = RealData.source("pollux");
        for (String job : pollux.stream().map(o -> o.tag("job", "?")).distinct().sorted().toList()) {
            List<Observation> train = pollux.stream().filter(o -> o.tag("job", "").equals(job) && o.tag("split", "").equals("placements")).toList();
            List<Observation> test = pollux.stream().filter(o -> o.tag("job", "").equals(job) && o.tag("split", "").equals("scalability")).toList();
            Predictor e = new ErnestEstimator().fit(TrainingSet.of(job, train));
            double[] c = RealData.ape(e, test, Target.STEP_TIME);
            System.out.printf("ernest %s MAPE %.2f%% missing=%d%n", job, RealData.mean(c), RealData.missing(c));
        }
        List<Observation> courier = RealData.source("courier");
        List<Observation> cells = courier.stream().filter(o -> o.tag("table", "").equals("cells")).toList();
        List<Observation> means = courier.stream().filter(o -> o.tag("table", "").equals("batch_njobs")).toList();
        List<Observation> live = courier.stream().filter(o -> o.tag("table", "").equals("live")).toList();
        System.out.println("courier " + cells.size() + " " + means.size() + " " + live.size());
        Predictor ols = new CourierOlsEstimator().fit(TrainingSet.of("cells+means", concat(cells, means)));
        double[] d = RealData.ape(ols, cells, Target.RESPONSE_TIME);
        System.out.printf("courier-ols cells in-sample MAPE %.2f%%%n", RealData.mean(d));
        double[] e = RealData.ape(ols, live, Target.RESPONSE_TIME);
        System.out.printf("courier-ols live MAPE %.2f%% missing %d%n", RealData.mean(e), RealData.missing(e));
        double mse = live.stream().mapToDouble(o -> {
            double p = ols.predict(o.config(), Target.RESPONSE_TIME).asDouble().orElse(Double.NaN);
            double t = o.value(Target.RESPONSE_TIME).orElseThrow();
            return (p - t) * (p - t);
        }).average().orElseThrow();
        System.out.printf("courier-ols live MSE %.1f%n", mse);
        double[] f = RealData.ape(ols, live, Target.ACCURACY);
        System.out.printf("courier-ols live accuracy MAPE %.3f%% missing %d%n", RealData.mean(f), RealData.missing(f));
        assertThat(true).isTrue();
    }

    static <T> List<T> concat(List<T> a, List<T> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
