package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;

import java.util.List;
import java.util.Optional;

/**
 * Linear scaling, the baseline every model must beat (docs/methods.md section 4):
 * {@code throughput(W) = W x throughput(1)}, i.e. a constant step time {@code local batch / throughput(1)}.
 * Fitted per model, hardware, local batch and tenancy from the single-worker rows (their mean when several
 * were measured, e.g. synthetic and real input data); any architecture. Where a group has no single-worker row, as
 * published multi-node tables that start at one full node, its fewest workers stand in for one:
 * {@code throughput(W) = W x throughput(W_0) / W_0}. A configuration whose group was not measured at all is not
 * applicable: the baseline does not interpolate across batch sizes.
 */
public final class LinearScalingEstimator extends GroupedEstimator {
    /** Registered name. */
    public static final String NAME = "linear-scaling";

    /** With no hyper-parameters. */
    public LinearScalingEstimator() {
        super(NAME, "Linear scaling baseline: throughput(W) = W x throughput(1) from the single-worker measurement "
                + "(else from the fewest workers measured)",
                HyperParameters.of(),
                FORM);
    }

    @Override
    public List<String> configFields() {
        return List.of("workload.model", "deployment.hardware", "deployment.workers", "deployment.tenants", "localBatch");
    }

    /** Declares no parameter, so {@code params} is empty and this estimator is its own copy. */
    @Override
    protected Estimator copyWith(HyperParameters params) {
        return this;
    }

    static String keyOf(Config config) {
        return GroupKey.of(config, "b" + config.localBatch() + "t" + config.deployment().tenants());
    }

    @Override
    protected Optional<String> unusable(Config config) {
        return Optional.empty();
    }

    @Override
    protected Optional<double[]> fitGroup(List<Observation> group, List<String> why) {
        // A group holds one row at least: its fewest workers always have a measurement.
        int fewest = group.stream().mapToInt(o -> o.config().workers()).min().orElseThrow();
        double sum = 0;
        int n = 0;
        for (Observation o : group) {
            if (o.config().workers() == fewest) {
                sum += o.value(Target.THROUGHPUT).orElseThrow() / fewest;
                n++;
            }
        }
        return Optional.of(new double[] {sum / n});
    }

    @Override
    protected int arity() {
        return 1;
    }

    /** The fitted baseline: coefficient = throughput per worker in samples/s; any configuration. */
    private static final GroupedForm FORM = GroupedForm.of(LinearScalingEstimator::keyOf, config -> Optional.empty(),
            (config, c) -> config.localBatch() / c[0]).withUnfitted(MissingBaselineRow::reason);

    /** A predictor of previously fitted coefficients (for the codec). */
    public static Predictor restore(Coefficients coefficients, Provenance provenance) {
        return FORM.restore(coefficients, provenance);
    }
}
