package io.stepcast.evaluation.suite;

import io.stepcast.datasets.importers.TfCpuRecordings;
import io.stepcast.api.evaluation.Reproduction;
import io.stepcast.api.evaluation.ReproductionRow;
import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.evaluation.metrics.HoldOutScorer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trace-driven simulation (Li, Yan, Paolieri, Golubchik, ICPE 2020) fed with TensorFlow CPU profiles
 * recorded on this machine ({@link TfCpuRecordings}).
 *
 * <ul>
 * <li>Rows: per recording, its measured single-worker step time (the untraced median) against the step time
 * the simulation gives for one worker whose parameter server shares its host (the recorded run was a single
 * process, so every parameter read was local). The estimator is fitted on that recording alone (its
 * observation and profile).</li>
 * <li>Curves: per model, at its smallest recorded batch, simulated throughput (samples/s) against 1 to 64
 * asynchronous workers, each on its own host, with one parameter server on a host of its own, at 1, 10
 * and 25 Gbit/s per host and direction (a config's stated bandwidth overrides the estimator's default).</li>
 * </ul>
 * The estimator is {@code simulation} from the registry, configured as the suite lists it.
 */
final class TfCpuProfilesReproduction implements Reproduction {
    static final String PREDICTOR = "simulation";
    static final List<Integer> WORKERS = List.of(1, 2, 4, 8, 16, 32, 64);
    static final List<Double> BANDWIDTHS_GBPS = List.of(1.0, 10.0, 25.0);

    @Override
    public List<ReproductionRow> reproduce(Context context) throws IOException {
        SuiteRun run = SuiteRun.of(context);
        List<TfCpuRecordings.Recording> recordings = run.recordings();
        Estimator simulation = context.estimator(PREDICTOR);
        List<ReproductionRow> rows = new ArrayList<>();
        Map<String, TfCpuRecordings.Recording> smallestBatch = new LinkedHashMap<>();
        for (TfCpuRecordings.Recording r : recordings) {
            rows.add(singleWorker(simulation, r));
            smallestBatch.putIfAbsent(r.observation().config().model(), r);
        }
        for (TfCpuRecordings.Recording r : smallestBatch.values()) {
            curves(simulation, r).forEach(run::curve);
        }
        return rows;
    }

    private static ReproductionRow singleWorker(Estimator simulation, TfCpuRecordings.Recording r) {
        Config c = r.observation().config();
        String quantity = String.format("%s batch %d: single-worker step time, s (%s/%s)", c.model(), c.localBatch(),
                TfCpuRecordings.SOURCE, r.folder());
        Predictor p;
        try {
            p = simulation.fit(training(r));
        } catch (RuntimeException e) {
            return ReproductionRow.unreachable(quantity, r.measuredStepS(), PREDICTOR + " cannot fit: "
                    + HoldOutScorer.oneLine(e.getMessage()));
        }
        Config oneWorker = c.toBuilder().architecture(Architecture.ASYNC_PS).workers(1).parameterServers(1).nodes(1)
                .colocatedPs(true).build();
        Prediction pred = safePredict(p, oneWorker, Target.STEP_TIME);
        String how = String.format("measured: untraced median; %s: 1 worker, server on its host, profile traced at"
                + " %.3f ms", PREDICTOR, 1e3 * r.tracedStepS());
        return pred instanceof Prediction.Value v
                ? ReproductionRow.of(quantity, r.measuredStepS(), v.value(), how)
                : ReproductionRow.unreachable(quantity, r.measuredStepS(), PREDICTOR + ": "
                        + ((Prediction.NotApplicable) pred).reason());
    }

    private static List<Curve> curves(Estimator simulation, TfCpuRecordings.Recording r) {
        Config c = r.observation().config();
        String chart = String.format("Simulated async throughput: %s, batch %d per worker", c.model(), c.localBatch());
        Predictor p;
        try {
            p = simulation.fit(training(r));
        } catch (RuntimeException e) {
            return List.of();
        }
        List<Curve> out = new ArrayList<>();
        for (double gbps : BANDWIDTHS_GBPS) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int w : WORKERS) {
                Config cfg = c.toBuilder().architecture(Architecture.ASYNC_PS).workers(w).parameterServers(1)
                        .nodes(w).colocatedPs(false).bandwidthGbps(gbps).build();
                x.add((double) w);
                y.add(safePredict(p, cfg, Target.THROUGHPUT).asDouble().orElse(Double.NaN));
            }
            out.add(new Curve(chart, String.format("%s Gbit/s", Double.toString(gbps).replaceAll("\\.0$", "")),
                    "workers", "samples/s", x, y, PREDICTOR + " fitted on " + TfCpuRecordings.SOURCE + "/" + r.folder()
                    + "; async, 1 parameter server on its own host, each worker on its own host"));
        }
        return out;
    }

    private static TrainingSet training(TfCpuRecordings.Recording r) {
        List<Observation> obs = List.of(r.observation());
        return new TrainingSet(TfCpuRecordings.SOURCE + "/" + r.folder(), obs, List.of(r.profile()));
    }

    private static Prediction safePredict(Predictor p, Config c, Target t) {
        try {
            return p.predict(c, t);
        } catch (RuntimeException e) {
            return Prediction.notApplicable("failed: " + HoldOutScorer.oneLine(e.getMessage()));
        }
    }
}
