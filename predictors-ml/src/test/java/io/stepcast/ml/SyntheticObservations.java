package io.stepcast.ml;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * SYNTHETIC observations for unit tests of mechanics (never used for accuracy figures): a Courier-like
 * factorial design with a known response-time and accuracy law, and an all-reduce step-time law.
 */
public final class SyntheticObservations {
    private SyntheticObservations() {
    }

    /** A Courier-style BigDL job: global batch split over {@code cpu} 1-core executors. */
    public static Config courierJob(String model, int cpu, int njobs, int globalBatch) {
        return Config.builder().model(model).framework("bigdl").dataset("mnist").architecture(Architecture.ALLREDUCE)
                .workers(cpu).nodes(Math.min(cpu, 3)).tenants(njobs).hardware("gce").localBatch(globalBatch / cpu)
                .build();
    }

    /** Synthetic response time of a Courier-style job, seconds: falls with batch, rises with tenancy. */
    public static double courierTime(int cpu, int njobs, int batch) {
        return 30000.0 / batch * (1 + 0.08 * njobs) / Math.sqrt(cpu) + 40;
    }

    /** Synthetic accuracy: falls with batch. */
    public static double courierAccuracy(int batch) {
        return 0.96 - 0.00012 * batch;
    }

    /** The full factorial cpu x batch x njobs x network with synthetic time and accuracy, 2% noise. */
    public static TrainingSet courierFactorial(long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<Observation> obs = new ArrayList<>();
        for (String model : List.of("lenet5", "mlp")) {
            for (int cpu : new int[] {1, 2, 4, 8}) {
                for (int batch : new int[] {64, 128, 256, 512}) {
                    for (int njobs : new int[] {1, 3, 5}) {
                        double t = courierTime(cpu, njobs, batch) * (1 + 0.02 * (rng.nextDouble() - 0.5));
                        double a = courierAccuracy(batch) + 0.002 * (rng.nextDouble() - 0.5);
                        obs.add(new Observation(courierJob(model, cpu, njobs, batch),
                                Measurements.builder().responseTimeS(t).accuracy(a).build(),
                                "synthetic:courier", 0, Map.of("table", "synthetic")));
                    }
                }
            }
        }
        return TrainingSet.of("synthetic-courier", obs);
    }

    /** An all-reduce job on {@code nodes} nodes with {@code workers} GPUs in total. */
    public static Config allReduce(String model, int workers, int nodes, int localBatch) {
        return Config.builder().model(model).framework("pytorch").architecture(Architecture.ALLREDUCE)
                .workers(workers).nodes(nodes).hardware("T4").localBatch(localBatch).build();
    }

    /** Synthetic step time: compute linear in the local batch plus an all-reduce term growing with nodes. */
    public static double stepTime(String model, int workers, int nodes, int localBatch) {
        double perSample = model.equals("small") ? 0.001 : 0.004;
        double net = workers == 1 ? 0 : 0.02 + 0.01 * nodes;
        return 0.01 + perSample * localBatch + net;
    }

    /** Step-time observations over two models, several placements and batches, 1% noise. */
    public static TrainingSet allReduceSweep(long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<Observation> obs = new ArrayList<>();
        int[][] placements = {{1, 1}, {2, 1}, {4, 1}, {4, 2}, {8, 2}, {8, 4}, {16, 4}};
        for (String model : List.of("small", "large")) {
            for (int[] p : placements) {
                for (int b : new int[] {8, 16, 32, 64, 128}) {
                    double t = stepTime(model, p[0], p[1], b) * (1 + 0.01 * (rng.nextDouble() - 0.5));
                    obs.add(new Observation(allReduce(model, p[0], p[1], b),
                            Measurements.builder().stepTimeS(t).build(), "synthetic:allreduce", 0,
                            Map.of("placement", p[0] + "x" + p[1])));
                }
            }
        }
        return TrainingSet.of("synthetic-allreduce", obs);
    }
}
