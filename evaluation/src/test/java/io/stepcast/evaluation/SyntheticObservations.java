package io.stepcast.evaluation;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.evaluation.Split;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Synthetic observations for unit tests of the mechanics (never used for accuracy figures): an
 * all-reduce job whose step time is {@code 0.01 * batch + 0.05 * (workers - 1)} seconds.
 */
public final class SyntheticObservations {
    private SyntheticObservations() {
    }

    /** The synthetic step time law. */
    public static double stepTime(int localBatch, int workers) {
        return 0.01 * localBatch + 0.05 * (workers - 1);
    }

    /** One observation. */
    public static Observation of(String model, String hardware, int workers, int nodes, int batch) {
        Config c = Config.builder().model(model).framework("pytorch").architecture(Architecture.ALLREDUCE)
                .workers(workers).nodes(nodes).hardware(hardware).localBatch(batch).build();
        return new Observation(c, Measurements.builder().stepTimeS(stepTime(batch, workers)).build(),
                "synthetic:" + model, 0, Map.of("placement", workers + "x" + nodes));
    }

    /** A grid: 2 models x 3 hardware types x workers {1,2,4,8} (nodes = workers / 2 rounded up) x batch {16,32,64}. */
    public static List<Observation> grid() {
        List<Observation> out = new ArrayList<>();
        for (String m : List.of("alpha", "beta")) {
            for (String h : List.of("k80", "p100", "v100")) {
                for (int w : List.of(1, 2, 4, 8)) {
                    for (int b : List.of(16, 32, 64)) {
                        out.add(of(m, h, w, Math.max(1, w / 2), b));
                    }
                }
            }
        }
        return out;
    }

    /** The {@link #grid} across hardware: fit on the K80 and P100 rows, predict the V100 rows (12 of each model). */
    public static Split v100HeldOut() {
        List<Observation> grid = grid();
        return new Split("synthetic-v100",
                TrainingSet.of("synthetic-k80-p100", grid.stream().filter(o -> !o.config().deployment().hardware()
                        .equals("v100")).toList()),
                grid.stream().filter(o -> o.config().deployment().hardware().equals("v100")).toList());
    }
}
