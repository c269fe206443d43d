package io.stepcast.queueing.mva;

import io.stepcast.api.Architecture;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Synthetic single- and two-worker observations of a 100 MB model with remote parameter servers. */
class MvaEstimatorTest {
    private static Config async(int workers, int ps) {
        return Config.builder().model("net").architecture(Architecture.ASYNC_PS).workers(workers).parameterServers(ps)
                .nodes(workers).parameterBytes(100_000_000).bandwidthGbps(10).localBatch(32).build();
    }

    private static Observation measured(Config c, double stepS) {
        return new Observation(c, Measurements.builder().stepTimeS(stepS).build(), "synthetic:mva");
    }

    private static double throughput(Predictor p, Config c) {
        return p.predict(c, Target.THROUGHPUT).asDouble().getAsDouble();
    }

    @Test
    void oneWorkerReproducesTheMeasurementAndThroughputSaturatesBelowTheBound() {
        Map<String, String> noBus = Map.of("host-bus-gbps", "0");
        Predictor p = new MvaEstimator(Optional.empty()).withHyperParameters(noBus)
                .fit(TrainingSet.of("one", List.of(measured(async(1, 1), 0.5))));
        assertThat(p.predict(async(1, 1), Target.STEP_TIME).asDouble().getAsDouble()).isCloseTo(0.5, within(1e-9));
        double previous = 0;
        for (int w = 1; w <= 64; w *= 2) {
            double x = throughput(p, async(w, 2));
            assertThat(x).isGreaterThanOrEqualTo(previous);
            previous = x;
        }
        // Bound: 2 shards x 1.25 GB/s / 100 MB = 25 steps/s = 800 samples/s.
        assertThat(previous).isLessThanOrEqualTo(800).isGreaterThan(700);
    }

    @Test
    void fitsTheBandwidthToATwoWorkerObservation() {
        Config two = async(2, 1);
        Predictor p = new MvaEstimator(Optional.empty()).withHyperParameters(Map.of("host-bus-gbps", "0"))
                .fit(TrainingSet.of("one+two", List.of(measured(async(1, 1), 0.5), measured(two, 0.62))));
        assertThat(p.predict(two, Target.STEP_TIME).asDouble().getAsDouble()).isCloseTo(0.62, within(1e-6));
        Predictor plain = new MvaEstimator(Optional.empty()).withHyperParameters(Map.of("host-bus-gbps", "0", "two-worker-fit", "false"))
                .fit(TrainingSet.of("one+two", List.of(measured(async(1, 1), 0.5), measured(two, 0.62))));
        assertThat(plain.predict(two, Target.STEP_TIME).asDouble().getAsDouble()).isNotCloseTo(0.62, within(1e-3));
    }

    @Test
    void needsParameterBytesAndASingleWorkerBasis() {
        Config noBytes = Config.builder().model("net").architecture(Architecture.ASYNC_PS).localBatch(32).build();
        Predictor p = new MvaEstimator(Optional.empty()).fit(TrainingSet.of("no bytes", List.of(measured(noBytes, 0.5))));
        assertThat(p.predict(noBytes.withWorkers(4), Target.THROUGHPUT).isValue()).isFalse();
        assertThatThrownBy(() -> new MvaEstimator(Optional.empty()).fit(TrainingSet.of("empty", List.of())))
                .isInstanceOf(CannotFitException.class);
    }

    private static Config allReduce(int workers, int nodes, double intraGbps) {
        return Config.builder().model("net").architecture(Architecture.ALLREDUCE).parameterServers(0)
                .workers(workers).nodes(nodes).parameterBytes(100_000_000).intraNodeGbps(intraGbps).bandwidthGbps(10)
                .localBatch(32).build();
    }

    private static double step(Predictor p, Config c) {
        return p.predict(c, Target.STEP_TIME).asDouble().getAsDouble();
    }

    @Test
    void allReduceRowsOfOneNodeSetTheIntraNodeShareAndLeaveTheNicsAlone() {
        Observation one = measured(allReduce(1, 1, 100), 0.5);
        Predictor truth = new MvaEstimator(Optional.empty()).fit(TrainingSet.of("one", List.of(one)));
        // Synthetic "measurements": the model's own steps at 20 Gbit/s inside the node, labelled 100.
        List<Observation> rows = List.of(one, measured(allReduce(2, 1, 100), step(truth, allReduce(2, 1, 20))),
                measured(allReduce(4, 1, 100), step(truth, allReduce(4, 1, 20))));
        Predictor fitted = new MvaEstimator(Optional.empty()).fit(TrainingSet.of("one node", rows));
        double inside = step(truth, allReduce(8, 1, 20));
        // The share closest to the catalog's within the fit's 95% confidence interval (MeasurementNoise).
        assertThat(step(fitted, allReduce(8, 1, 100))).isCloseTo(inside, within(0.03 * inside));
        double across = step(truth, allReduce(16, 4, 20));
        assertThat(step(fitted, allReduce(16, 4, 100))).isCloseTo(across, within(0.03 * across));
        Predictor catalog = new MvaEstimator(Optional.empty()).withHyperParameters(Map.of("network-efficiency", "catalog"))
                .fit(TrainingSet.of("one node", rows));
        assertThat(step(catalog, allReduce(8, 1, 100))).isLessThan(0.99 * inside);
    }

    private static Config allReduceAt(int workers, Precision precision) {
        return allReduce(workers, 1, 100).toBuilder()
                .parallel(ParallelLayout.builder(1, 1, workers, 32, 1).precision(precision).build()).build();
    }

    @Test
    void eachPrecisionCalibratesTheLinkOnItsOwnRows() {
        // Synthetic: one model on one node at TF32 (0.5 s on one GPU) and in mixed precision (0.2 s), each with
        // the model's own all-reduce at 20 Gbit/s inside the node (labelled 100) on 2 and 4 GPUs.
        Observation tf32 = measured(allReduceAt(1, Precision.TF32), 0.5);
        Observation mixed = measured(allReduceAt(1, Precision.FP16), 0.2);
        Predictor truthTf32 = new MvaEstimator(Optional.empty()).fit(TrainingSet.of("tf32", List.of(tf32)));
        Predictor truthMixed = new MvaEstimator(Optional.empty()).fit(TrainingSet.of("mixed", List.of(mixed)));
        List<Observation> rows = new ArrayList<>(List.of(tf32, mixed));
        for (int w : new int[] {2, 4}) {
            rows.add(measured(allReduceAt(w, Precision.TF32), step(truthTf32, allReduce(w, 1, 20))));
            rows.add(measured(allReduceAt(w, Precision.FP16), step(truthMixed, allReduce(w, 1, 20))));
        }
        Predictor fitted = new MvaEstimator(Optional.empty()).fit(TrainingSet.of("two precisions", rows));
        // Calibrated on the TF32 rows too, the mixed-precision link took their 0.3 s of extra compute for a slow
        // all-reduce.
        double inside = step(truthMixed, allReduce(8, 1, 20));
        assertThat(step(fitted, allReduceAt(8, Precision.FP16))).isCloseTo(inside, within(0.03 * inside));
    }
}
