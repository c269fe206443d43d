package io.stepcast.evaluation.suite;

import io.stepcast.datasets.kineto.KinetoTraceFolder;
import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.evaluation.Reproduction;
import io.stepcast.api.evaluation.ReproductionRow;
import io.stepcast.api.profile.Profile;
import io.stepcast.evaluation.metrics.HoldOutScorer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The trace-driven simulation's replay of real PyTorch profiler traces ({@link KinetoTraceFolder}).
 *
 * <ul>
 * <li>Rows: per trace, its measured median step (the median of its {@code ProfilerStep} spans) against the step the
 * simulation gives at the trace's world size on one node, with the collectives at their measured times. The
 * estimator is fitted on that trace's profile alone.</li>
 * <li>Curves: per data-parallel trace, predicted throughput (samples/s) from 1 to 64 GPUs, 8 per node (one node
 * for fewer), the collectives scaled by the cost model over the trace's device's catalogued links.</li>
 * </ul>
 * The estimator is {@code simulation} from the registry, configured as the suite lists it.
 */
final class KinetoProfilesReproduction implements Reproduction {
    static final String NAME = "kineto-profiles";
    static final String PREDICTOR = "simulation";
    static final List<Integer> WORKERS = List.of(1, 2, 4, 8, 16, 32, 64);
    /** GPUs per node of the curve (every A100 system of the hardware catalog has 8). */
    static final int GPUS_PER_NODE = 8;

    @Override
    public List<ReproductionRow> reproduce(Context context) throws IOException {
        SuiteRun run = SuiteRun.of(context);
        Estimator simulation = context.estimator(PREDICTOR);
        List<ReproductionRow> rows = new ArrayList<>();
        for (KinetoTraceFolder.Trace t : run.kinetoTraces()) {
            Profile p = t.profile();
            int world = p.rank().worldSize();
            String quantity = String.format("%s: median step at world size %d, s (%s/%s)", p.model(), world,
                    KinetoTraceFolder.SOURCE, t.file().getFileName());
            Predictor fitted;
            try {
                fitted = simulation.fit(new TrainingSet(KinetoTraceFolder.SOURCE + "/" + p.model(), List.of(), List.of(p)));
            } catch (RuntimeException e) {
                rows.add(ReproductionRow.unreachable(quantity, t.medianStepS(), PREDICTOR + " cannot fit: "
                        + HoldOutScorer.oneLine(e.getMessage())));
                continue;
            }
            Prediction pred = predict(fitted, config(p, world), Target.STEP_TIME);
            rows.add(pred instanceof Prediction.Value v
                    ? ReproductionRow.of(quantity, t.medianStepS(), v.value(), "measured: median ProfilerStep; "
                            + PREDICTOR + ": replay of the median step, " + world + " GPU(s) on one node")
                    : ReproductionRow.unreachable(quantity, t.medianStepS(), PREDICTOR + ": "
                            + ((Prediction.NotApplicable) pred).reason()));
            if (world > 1) {
                curve(fitted, p).ifPresent(run::curve);
            }
        }
        return rows;
    }

    private static Optional<Curve> curve(Predictor fitted, Profile p) {
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int w : WORKERS) {
            x.add((double) w);
            y.add(predict(fitted, config(p, w), Target.THROUGHPUT).asDouble().orElse(Double.NaN));
        }
        return Optional.of(new Curve("Predicted data-parallel throughput: " + p.model(), p.rank().device(),
                "GPUs", "samples/s", x, y, PREDICTOR + " replay of " + KinetoTraceFolder.SOURCE + "/" + p.model()
                + " (world size " + p.rank().worldSize() + "); " + GPUS_PER_NODE + " GPUs per node, collectives "
                + "scaled by the cost model over the device's catalogued links (across nodes: the NICs its "
                + "catalogued systems agree on, else the simulation's bandwidth-gbps)"));
    }

    /** {@code w} GPUs of the trace's device, {@link #GPUS_PER_NODE} per node, at the trace's batch. */
    private static Config config(Profile p, int w) {
        int nodes = Math.max(1, (w + GPUS_PER_NODE - 1) / GPUS_PER_NODE);
        return Config.builder().model(p.model()).architecture(Architecture.ALLREDUCE).parameterServers(0).workers(w)
                .nodes(nodes).localBatch(p.localBatch()).build();
    }

    private static Prediction predict(Predictor p, Config c, Target t) {
        try {
            return p.predict(c, t);
        } catch (RuntimeException e) {
            return Prediction.notApplicable("failed: " + HoldOutScorer.oneLine(e.getMessage()));
        }
    }
}
