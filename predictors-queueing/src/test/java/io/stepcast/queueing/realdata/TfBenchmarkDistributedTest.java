package io.stepcast.queueing.realdata;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.queueing.mva.MvaEstimator;
import io.stepcast.queueing.simulation.SimulationEstimator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real-data check of the parameter-server path: predicts the {@code aws-distributed} rows of the TensorFlow benchmark table
 * (8 to 64 K80 GPUs, 8 per p2.8xlarge, synchronous {@code distributed_replicated}, parameter servers colocated
 * with the workers, 10 Gbit/s) from the 1-GPU rows of the same table and zoo profiles only.
 */
class TfBenchmarkDistributedTest {
    static List<Observation> singleGpu = new ArrayList<>();
    static List<Observation> multiGpu = new ArrayList<>();
    static TrainingSet training;

    @BeforeAll
    static void load() throws Exception {
        Path data = Path.of(System.getProperty("stepcast.shared.data"));
        List<Observation> all = new DefaultObservationCatalog().observations("tf-benchmarks", Optional.of(data));
        DefaultProfileSource zoo = new DefaultProfileSource();
        List<Profile> profiles = new ArrayList<>();
        for (Observation o : all) {
            if (!o.tag("platform", "").equals("aws-distributed")) {
                continue;
            }
            if (o.config().workers() == 1) {
                singleGpu.add(o);
                double step = o.value(Target.STEP_TIME).getAsDouble();
                profiles.add(zoo.synthesise(o.config().model(), o.config().localBatch(), step));
            } else {
                multiGpu.add(o);
            }
        }
        training = new TrainingSet("tf-benchmarks:aws-distributed 1-GPU rows + zoo profiles", singleGpu, profiles);
    }

    static Map<String, double[]> run(Estimator e) {
        Predictor p = e.fit(training);
        double[] predicted = new double[multiGpu.size()];
        for (int i = 0; i < multiGpu.size(); i++) {
            predicted[i] = p.predict(multiGpu.get(i).config(), Target.THROUGHPUT).asDouble().orElse(Double.NaN);
        }
        return Map.of(e.name(), predicted);
    }

    static double[] linear() {
        double[] predicted = new double[multiGpu.size()];
        for (int i = 0; i < multiGpu.size(); i++) {
            Observation o = multiGpu.get(i);
            Observation one = singleGpu.stream()
                    .filter(s -> s.config().model().equals(o.config().model())
                            && s.config().localBatch() == o.config().localBatch())
                    .findFirst().orElseThrow();
            predicted[i] = o.config().workers() * one.value(Target.THROUGHPUT).getAsDouble();
        }
        return predicted;
    }

    static double mape(double[] predicted) {
        double sum = 0;
        for (int i = 0; i < predicted.length; i++) {
            double m = multiGpu.get(i).value(Target.THROUGHPUT).getAsDouble();
            sum += Math.abs(predicted[i] - m) / m;
        }
        return 100 * sum / predicted.length;
    }

    /**
     * Prints predicted vs measured images/s per row and asserts the MAPEs. The simulation runs 10 measured
     * steps after 2 warm-up steps with 2 seeds of the random order (enough: the synchronous barrier makes the
     * steps nearly identical). Variants: the default simulation (per-host aggregation, PCIe bus 64 Gbit/s),
     * the simulation without the bus, the simulation with per-GPU clients (every GPU fetches its own
     * parameters and sends its own gradients), MVA (default, with the bus) and linear scaling.
     */
    @Test
    void predictsTheDistributedRowsFromTheSingleGpuRows() {
        Map<String, String> quick = Map.of("steps", "10", "warmup", "2", "seeds", "2");
        double[] sim = run(new SimulationEstimator(Optional.empty()).withHyperParameters(quick)).get("simulation");
        double[] simNoBus = run(new SimulationEstimator(Optional.empty()).withHyperParameters(with(quick, "host-bus-gbps", "0")))
                .get("simulation");
        double[] simPerGpu = run(new SimulationEstimator(Optional.empty()).withHyperParameters(with(quick, "aggregation", "worker")))
                .get("simulation");
        double[] mva = run(new MvaEstimator(Optional.empty())).get("mva");
        double[] lin = linear();
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "%-12s %5s %4s %9s %10s %10s %10s %9s %9s%n", "model", "batch", "gpus", "measured", "simulation",
                "sim-no-bus", "sim-per-gpu", "mva", "linear"));
        for (int i = 0; i < multiGpu.size(); i++) {
            Observation o = multiGpu.get(i);
            table.append(String.format(Locale.ROOT, "%-12s %5d %4d %9.1f %10.1f %10.1f %10.1f %9.1f %9.1f%n",
                    o.config().model(), o.config().localBatch(), o.config().workers(),
                    o.value(Target.THROUGHPUT).getAsDouble(), sim[i], simNoBus[i], simPerGpu[i], mva[i], lin[i]));
        }
        table.append(String.format(Locale.ROOT, "MAPE %% %27s %10.2f %10.2f %10.2f %9.2f %9.2f%n", "", mape(sim),
                mape(simNoBus), mape(simPerGpu), mape(mva), mape(lin)));
        System.out.print(table);

        // Measured on the real table (20 rows, 8..64 GPUs): simulation 6.25%, without bus 9.11%, per-GPU clients
        // 15.80%, MVA 8.69%, linear scaling 13.90%. The bounds leave room for the seeds of the random order.
        assertThat(mape(sim)).isLessThanOrEqualTo(7.0);
        assertThat(mape(simNoBus)).isLessThanOrEqualTo(10.0);
        assertThat(mape(mva)).isLessThanOrEqualTo(10.0);
        assertThat(mape(lin)).isBetween(13.0, 15.0);
        assertThat(mape(simPerGpu)).isGreaterThan(mape(sim) + 5);
        assertThat(mape(sim)).isLessThan(mape(mva)).isLessThan(mape(lin));
    }

    private static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> m = new HashMap<>(base);
        m.put(key, value);
        return m;
    }
}
