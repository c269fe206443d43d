package io.stepcast.analytic.courier;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.analytic.estimators.CourierFeatures;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A step-count model of a BigDL job's response time over Courier's factors (Albo Martinez et al., ICPE 2021):
 * a job trains a fixed number of epochs, so it runs {@code epochs x samples / batch} synchronous steps, each
 * paying a fixed cost (BigDL runs every iteration as Spark jobs with a parameter synchronisation, Dai et al.,
 * SoCC 2019), on top of a part that does not depend on the batch (start-up, data, the per-sample compute).
 * Per (cpu, njobs) level of the training cells it fits, by least squares weighted by the run count,
 * <pre>time = alpha(cpu, njobs) + beta(cpu, njobs) / batch</pre>
 * and interpolates alpha and beta bilinearly in (log2 cpu, njobs) between the fitted levels (a 2-job run
 * lies between the 1- and 3-job cells).
 *
 * <p>The network: Courier's cells average LeNet-5 and the MLP, so only the published per-network means say how
 * the two differ ({@code network_means.csv} of the Courier study: 311.83 s and 277.71 s over 96 runs each).
 * The difference is per-sample compute, the same total whatever the batch, shared by the job's cores: the
 * model adds {@code +-h / cpu} (LeNet-5 +, the MLP -, nothing for rows averaged over both), with {@code h}
 * chosen so that the mean over the training cells of the two networks' difference is the published
 * difference ({@code network-difference-s}). Why this form and not a constant or a proportional offset:
 * the two networks' runs share a cell, so a cell's published standard deviation bounds the network offset
 * there; with the published difference a constant or a proportional offset exceeds that bound in 11 of the
 * 48 cells, {@code h / cpu} in one, by 11% (only the published tables enter this check).
 *
 * <p>Choices where the sources are silent: training rows averaged over cpu (the batch x njobs means) are
 * not used; a row of one network enters its cell with the network term removed; a (cpu, njobs) level needs
 * at least two batch sizes; a configuration outside the fitted cpu, njobs or batch range, or between levels
 * that were not all fitted, is not applicable, and so is a non-positive time.
 */
public final class CourierStepsEstimator extends AbstractEstimator {
    /** Registered name. */
    public static final String NAME = "courier-steps";
    /**
     * LeNet-5 minus MLP mean response time, s: 311.826275 - 277.713189, Courier study, {@code network_means.csv}
     * (github.com/sharwinbobde/Courier-BigDL-Study).
     */
    public static final double PUBLISHED_NETWORK_DIFFERENCE_S = 311.826275 - 277.713189;

    /** With the published network difference. */
    public CourierStepsEstimator() {
        this(HyperParameters.of("network-difference-s", Double.toString(PUBLISHED_NETWORK_DIFFERENCE_S)));
    }

    private CourierStepsEstimator(HyperParameters hp) {
        super(NAME, "Courier response time as fixed part + steps x per-step cost, alpha + beta / batch per "
                + "cpu x njobs, network offset shared by the cores", EnumSet.of(Target.RESPONSE_TIME), hp);
        hp.real("network-difference-s");
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new CourierStepsEstimator(params);
    }

    @Override
    public Predictor fit(TrainingSet training) {
        List<Observation> rows = training.withTarget(Target.RESPONSE_TIME).stream()
                .filter(o -> !o.tag("averaged_over", "").contains("cpu")).toList();
        if (rows.isEmpty()) {
            throw new CannotFitException(NAME + " cannot fit " + training.id() + ": no response time per cpu level");
        }
        double inverseCpu = 0;
        double weight = 0;
        for (Observation o : rows) {
            double runs = o.measurements().runs();
            inverseCpu += runs / CourierFeatures.of(o.config()).get("cpu");
            weight += runs;
        }
        double offset = params().real("network-difference-s") / 2 / (inverseCpu / weight);
        Map<Double, Map<Double, List<double[]>>> byLevel = new TreeMap<>();
        for (Observation o : rows) {
            Map<String, Double> x = CourierFeatures.of(o.config());
            double cpu = x.get("cpu");
            double time = o.value(Target.RESPONSE_TIME).getAsDouble() - x.get("network") * offset / cpu;
            byLevel.computeIfAbsent(cpu, k -> new TreeMap<>()).computeIfAbsent(x.get("njobs"), k -> new ArrayList<>())
                    .add(new double[] {x.get("batch"), time, o.measurements().runs()});
        }
        Map<Double, Map<Double, double[]>> coefficients = new TreeMap<>();
        double minBatch = Double.POSITIVE_INFINITY;
        double maxBatch = 0;
        for (var cpu : byLevel.entrySet()) {
            for (var njobs : cpu.getValue().entrySet()) {
                double[] ab = inverseBatchFit(njobs.getValue());
                if (ab != null) {
                    coefficients.computeIfAbsent(cpu.getKey(), k -> new TreeMap<>()).put(njobs.getKey(), ab);
                    for (double[] r : njobs.getValue()) {
                        minBatch = Math.min(minBatch, r[0]);
                        maxBatch = Math.max(maxBatch, r[0]);
                    }
                }
            }
        }
        if (coefficients.isEmpty()) {
            throw new CannotFitException(NAME + " cannot fit " + training.id()
                    + ": no cpu x njobs level has two batch sizes");
        }
        return new CourierStepsPredictor(coefficients, offset, minBatch, maxBatch,
                Provenance.of(this, training, 0));
    }

    /** Weighted least squares of time on 1 / batch: {alpha, beta}, or null with fewer than two batch sizes. */
    private static double[] inverseBatchFit(List<double[]> rows) {
        if (rows.stream().mapToDouble(r -> r[0]).distinct().count() < 2) {
            return null;
        }
        double sw = 0;
        double sx = 0;
        double sy = 0;
        for (double[] r : rows) {
            sw += r[2];
            sx += r[2] / r[0];
            sy += r[2] * r[1];
        }
        double mx = sx / sw;
        double my = sy / sw;
        double sxx = 0;
        double sxy = 0;
        for (double[] r : rows) {
            double dx = 1 / r[0] - mx;
            sxx += r[2] * dx * dx;
            sxy += r[2] * dx * (r[1] - my);
        }
        double beta = sxy / sxx;
        return new double[] {my - beta * mx, beta};
    }
}
