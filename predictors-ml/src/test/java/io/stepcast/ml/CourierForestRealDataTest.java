package io.stepcast.ml;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.models.selection.CourierSelector;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.ml.codec.LearnedPredictorCodec;
import io.stepcast.ml.courier.CourierForestEstimator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Courier's forests on the real Courier tables (embedded copy of {@code shared/data/courier}): trained on
 * the cells and the batch x njobs means, tested on the authors' live runs.
 */
class CourierForestRealDataTest {
    private static final List<Integer> CANDIDATES = List.of(64, 128, 256, 512);
    private static List<Observation> live;
    private static TrainingSet training;
    private static Predictor paper;
    private static Predictor compact;

    @BeforeAll
    static void fitOnce() throws Exception {
        List<Observation> all = new DefaultObservationCatalog().observations("courier", Optional.empty());
        live = all.stream().filter(o -> o.tag("table", "").equals("live")).toList();
        training = TrainingSet.of("courier:cells+batch_njobs",
                all.stream().filter(o -> !o.tag("table", "").equals("live")).toList());
        paper = CourierForestEstimator.paper().fit(training);
        compact = CourierForestEstimator.compact().fit(training);
    }

    private static Map<String, List<Observation>> liveJobs() {
        Map<String, List<Observation>> jobs = new LinkedHashMap<>();
        live.forEach(o -> jobs.computeIfAbsent(o.tag("job", "?"), k -> new ArrayList<>()).add(o));
        return jobs;
    }

    private static CourierSelector selector(Predictor p) {
        return new CourierSelector(p, Target.RESPONSE_TIME, Optional.of(p), BatchScope.GLOBAL, 0.5);
    }

    @Test
    void dataIsWhatTheTestAssumes() {
        assertThat(training.size()).isEqualTo(60);
        assertThat(live).hasSize(15);
        assertThat(liveJobs()).hasSize(5);
        assertThat(paper.targets()).containsExactlyInAnyOrder(Target.RESPONSE_TIME, Target.ACCURACY);
    }

    @Test
    void reproducesTheLiveDecisionsOfTheAuthors() {
        for (Predictor p : List.of(paper, compact)) {
            int agree = 0;
            StringBuilder log = new StringBuilder();
            for (var job : liveJobs().entrySet()) {
                Observation first = job.getValue().get(0);
                double slo = Double.parseDouble(first.tag("slo_s", "NaN"));
                int authors = Integer.parseInt(first.tag("chosen_batch", "0"));
                BatchDecision d = selector(p).select(first.config(), CANDIDATES, OptionalDouble.of(slo));
                if (d.batch() == authors) {
                    agree++;
                }
                log.append(String.format("  job %s cpu=%d njobs=%d %s slo=%.0f authors=%d ours=%d attainable=%s %s%n",
                        job.getKey(), first.config().workers(), first.config().deployment().tenants(),
                        first.config().model(), slo, authors, d.batch(), d.sloAttainable(), times(d)));
            }
            System.out.printf("%s: %d of 5 live decisions as the authors%n%s", p.provenance().estimator(), agree, log);
            assertThat(agree).as(p.provenance().estimator()).isGreaterThanOrEqualTo(4);
        }
    }

    private static String times(BatchDecision d) {
        StringBuilder b = new StringBuilder();
        d.candidates().forEach(c -> b.append(String.format("[%d: %.0fs %.4f] ", c.batch(), c.timeS(),
                c.accuracy().orElse(Double.NaN))));
        return b.toString();
    }

    @Test
    void liveRunTimeErrorIsOfTheOrderThePaperReports() {
        double sum = 0;
        double sumClean = 0;
        int clean = 0;
        for (Observation o : live) {
            double predicted = paper.predict(o.config(), Target.RESPONSE_TIME).asDouble().orElseThrow();
            double e = predicted - o.measurements().responseTimeS().orElseThrow();
            sum += e * e;
            if (o.tags().get("note") == null) {
                sumClean += e * e;
                clean++;
            }
        }
        double mse = sum / live.size();
        double mseClean = sumClean / clean;
        System.out.printf("courier-forest time MSE on the 15 live runs: %.0f s^2 (paper 3688); "
                + "without the hand-entered run: %.0f s^2 on %d runs%n", mse, mseClean, clean);
        // The paper reports 3688 s^2; the 3 replications of one job already differ by up to 166 s
        // (the hand-entered run), so an MSE under 2x the published one is what the data allow.
        assertThat(mse).isLessThan(2 * 3688);
    }

    @Test
    void liveRunAccuracyIsPredictedFromTheAggregates() {
        double sum = 0;
        double max = 0;
        for (Observation o : live) {
            double e = Math.abs(paper.predict(o.config(), Target.ACCURACY).asDouble().orElseThrow()
                    - o.measurements().accuracy().orElseThrow());
            sum += e;
            max = Math.max(max, e);
        }
        System.out.printf("courier-forest accuracy on the 15 live runs: mean absolute error %.4f, max %.4f%n",
                sum / live.size(), max);
        // The aggregates average over cpu and network; the live LeNet-5 runs at batch 512 sit 0.013 below the
        // batch-512 mean, which bounds what a forest trained on the aggregates can do there.
        assertThat(sum / live.size()).isLessThan(0.01);
        assertThat(max).isLessThan(0.02);
    }

    @Test
    void handMadeCasesPickTheExpectedBatch() {
        Config job = SyntheticObservations.courierJob("courier-mixed", 1, 1, 64);
        // Cells at cpu 1, njobs 1: 462 s, 271 s, 176 s, 126 s for 64..512; accuracy falls with batch.
        BatchDecision loose = selector(paper).select(job, CANDIDATES, OptionalDouble.of(2000));
        assertThat(loose.batch()).isEqualTo(64);
        BatchDecision middle = selector(paper).select(job, CANDIDATES, OptionalDouble.of(350));
        assertThat(middle.batch()).isEqualTo(128);
        BatchDecision impossible = selector(paper).select(job, CANDIDATES, OptionalDouble.of(30));
        assertThat(impossible.sloAttainable()).isFalse();
        assertThat(impossible.batch()).isEqualTo(512);
    }

    @Test
    void accuracyForestLearnsTheBatchTradeOff() {
        Config job = SyntheticObservations.courierJob("courier-mixed", 1, 3, 64);
        double a64 = paper.predict(job, Target.ACCURACY).asDouble().orElseThrow();
        double a512 = paper.predict(job.withGlobalBatch(512), Target.ACCURACY).asDouble().orElseThrow();
        assertThat(a64).isCloseTo(0.955, org.assertj.core.data.Offset.offset(0.005));
        assertThat(a512).isCloseTo(0.902, org.assertj.core.data.Offset.offset(0.005));
    }

    @Test
    void refusesModelsOutsideCourier() {
        Config other = SyntheticObservations.courierJob("ResNet-50", 2, 1, 128);
        assertThat(paper.predict(other, Target.RESPONSE_TIME)).isInstanceOf(Prediction.NotApplicable.class);
    }

    @Test
    void savedForestPredictsExactlyTheSame() throws Exception {
        // The compact forest: the 2000-tree one goes through the same codec but its Tribuo protobuf
        // (44 MB before compression) takes seconds to write and read, too slow for the unit suite.
        LearnedPredictorCodec codec = new LearnedPredictorCodec("courier-forest-compact");
        byte[] bytes = codec.encode(compact);
        Predictor back = codec.decode(bytes, compact.provenance());
        for (Observation o : live) {
            for (int batch : CANDIDATES) {
                Config c = o.config().withGlobalBatch(batch);
                for (Target t : List.of(Target.RESPONSE_TIME, Target.ACCURACY)) {
                    assertThat(back.predict(c, t)).isEqualTo(compact.predict(c, t));
                }
            }
        }
        System.out.printf("courier-forest-compact payload: %d bytes%n", bytes.length);
    }
}
