package io.stepcast.analytic.courier;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.analytic.estimators.CourierFeatures;
import io.stepcast.models.predictor.AbstractPredictor;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * A fitted {@link CourierStepsEstimator}: {@code alpha + beta / batch} per fitted (cpu, njobs) level,
 * interpolated bilinearly in (log2 cpu, njobs), plus the network offset {@code +-offset / cpu}. Immutable and
 * thread-safe.
 */
public final class CourierStepsPredictor extends AbstractPredictor {
    private final NavigableMap<Double, NavigableMap<Double, double[]>> coefficients;
    private final double offset;
    private final double minBatch;
    private final double maxBatch;

    CourierStepsPredictor(Map<Double, Map<Double, double[]>> coefficients, double offset, double minBatch,
                          double maxBatch, Provenance provenance) {
        super(provenance);
        NavigableMap<Double, NavigableMap<Double, double[]>> c = new TreeMap<>();
        coefficients.forEach((cpu, byJobs) -> {
            NavigableMap<Double, double[]> m = new TreeMap<>();
            byJobs.forEach((njobs, ab) -> m.put(njobs, ab.clone()));
            c.put(cpu, Collections.unmodifiableNavigableMap(m));
        });
        this.coefficients = Collections.unmodifiableNavigableMap(c);
        this.offset = offset;
        this.minBatch = minBatch;
        this.maxBatch = maxBatch;
    }

    @Override
    public Prediction predict(Config config, Target target) {
        if (target != Target.RESPONSE_TIME) {
            return Prediction.notApplicable(CourierStepsEstimator.NAME + " predicts the response time only");
        }
        Map<String, Double> x = CourierFeatures.of(config);
        double cpu = x.get("cpu");
        double batch = x.get("batch");
        if (!(batch >= minBatch && batch <= maxBatch)) {
            return Prediction.notApplicable(CourierStepsEstimator.NAME + ": batch " + batch + " outside the fitted "
                    + minBatch + ".." + maxBatch);
        }
        Double lo = coefficients.floorKey(cpu);
        Double hi = coefficients.ceilingKey(cpu);
        if (lo == null || hi == null) {
            return Prediction.notApplicable(CourierStepsEstimator.NAME + ": cpu " + cpu + " outside the fitted levels "
                    + coefficients.keySet());
        }
        double[] a = atJobs(coefficients.get(lo), x.get("njobs"));
        double[] b = atJobs(coefficients.get(hi), x.get("njobs"));
        if (a == null || b == null) {
            return Prediction.notApplicable(CourierStepsEstimator.NAME + ": njobs " + x.get("njobs")
                    + " is not between fitted levels at cpu " + lo + " and " + hi);
        }
        double w = lo.equals(hi) ? 0 : (log2(cpu) - log2(lo)) / (log2(hi) - log2(lo));
        double alpha = (1 - w) * a[0] + w * b[0];
        double beta = (1 - w) * a[1] + w * b[1];
        double time = alpha + beta / batch + x.get("network") * offset / cpu;
        if (!(time > 0)) {
            return Prediction.notApplicable(CourierStepsEstimator.NAME + " predicts a non-positive time " + time);
        }
        return Prediction.of(time);
    }

    /** {alpha, beta} at njobs, linear between the neighbouring fitted levels; null outside them. */
    private static double[] atJobs(NavigableMap<Double, double[]> byJobs, double njobs) {
        Map.Entry<Double, double[]> lo = byJobs.floorEntry(njobs);
        Map.Entry<Double, double[]> hi = byJobs.ceilingEntry(njobs);
        if (lo == null || hi == null) {
            return null;
        }
        if (lo.getKey().equals(hi.getKey())) {
            return lo.getValue();
        }
        double w = (njobs - lo.getKey()) / (hi.getKey() - lo.getKey());
        return new double[] {(1 - w) * lo.getValue()[0] + w * hi.getValue()[0],
            (1 - w) * lo.getValue()[1] + w * hi.getValue()[1]};
    }

    private static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }

    @Override
    public Set<Target> targets() {
        return Set.of(Target.RESPONSE_TIME);
    }
}
