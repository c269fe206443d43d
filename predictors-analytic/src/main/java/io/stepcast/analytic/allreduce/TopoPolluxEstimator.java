package io.stepcast.analytic.allreduce;

import com.google.inject.Inject;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.analytic.estimators.Coefficients;
import io.stepcast.analytic.estimators.GroupKey;
import io.stepcast.analytic.estimators.GroupedEstimator;
import io.stepcast.analytic.estimators.GroupedForm;
import io.stepcast.analytic.estimators.ModelScale;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code pollux-topo}: Pollux's step-time model with an intra-node and an inter-node synchronisation term
 * ({@link TopoPolluxForm}), fitted per model and hardware on log step time ({@link TopoPolluxFitter}). When
 * the training rows of a model have one node only, the inter-node term is the catalog's: the NIC's latency
 * and the gradient bytes (configuration or model zoo) over the NIC bandwidth ({@link GradientSync}); without
 * those figures multi-node configurations are refused with the reason. All-reduce jobs alone on their GPUs.
 *
 * <p>A model with fewer than {@code min-points} rows on its hardware is fitted pooled over the models of that
 * hardware ({@link GroupedEstimator}): {@code a_c} and {@code b_c} times each model's seconds per sample on one
 * GPU, the synchronisation coefficients times its gradient bytes, one overlap exponent; when no pooled row has
 * several nodes, the inter-node term is the catalog's for the model, as above.
 *
 * <p>Hyper-parameters: {@code nic} ({@code hierarchical} default: a node's NIC carries its reduced gradients
 * once; {@code shared}: every GPU of a node streams through one NIC), {@code min-points} (default 8).
 */
public final class TopoPolluxEstimator extends GroupedEstimator {
    /** Registered name. */
    public static final String NAME = "pollux-topo";

    private final Optional<HardwareCatalog> hardware;
    /** With the catalogs bound by the datasets module, when there are some. */
    @Inject
    public TopoPolluxEstimator(Optional<HardwareCatalog> hardware, Optional<ModelCatalog> zoo) {
        this(hardware, zoo, HyperParameters.of("nic", "hierarchical", "min-points", "8"));
    }

    private TopoPolluxEstimator(Optional<HardwareCatalog> hardware, Optional<ModelCatalog> zoo, HyperParameters hp) {
        super(NAME, "Pollux step time with ring-shaped intra-node and inter-node sync terms, the inter-node one from "
                + "the catalog when trained on one node (Qiao et al., OSDI 2021; Thakur et al. 2005)", hp,
                FORM, zoo);
        this.hardware = hardware;
        hp.choice("nic", "hierarchical", "shared");
        hp.integerAtLeast("min-points", 3);
    }

    @Override
    public List<String> configFields() {
        return List.of("workload.model", "workload.parameterBytes", "deployment.architecture", "deployment.hardware",
                "deployment.tenants", "deployment.workers", "deployment.nodes", "deployment.bandwidthGbps", "localBatch");
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new TopoPolluxEstimator(hardware, zoo(), params);
    }

    @Override
    protected Optional<String> unusable(Config config) {
        return AllReduceAlone.check(NAME, config);
    }

    @Override
    protected Optional<double[]> fitGroup(List<Observation> group, List<String> why) {
        if (fewerThanMinPoints(group, why)) {
            return Optional.empty();
        }
        List<TopoPolluxFitter.Point> points = group.stream().map(o -> new TopoPolluxFitter.Point(
                o.config().deployment().nodes(), o.config().workers(), GradientSync.gpusPerNode(o.config()),
                o.config().localBatch(), stepTime(o))).toList();
        Optional<double[]> catalog = catalogInterNode(group.get(0).config(), new ArrayList<>());
        return fit(points, group, catalog, why);
    }

    private Optional<double[]> fit(List<TopoPolluxFitter.Point> points, List<Observation> rows,
                                   Optional<double[]> catalog, List<String> why) {
        boolean shared = params().choice("nic", "hierarchical", "shared").equals("shared");
        Optional<TopoPolluxFitter.Result> r = TopoPolluxFitter.fit(points, catalog, shared);
        if (r.isEmpty()) {
            why.add("Levenberg-Marquardt did not converge from any start");
            return Optional.empty();
        }
        double[] c = Arrays.copyOf(r.get().coefficients(), arity());
        boolean across = rows.stream().anyMatch(o -> o.config().deployment().nodes() > 1);
        boolean within = rows.stream().anyMatch(o -> o.config().workers() > 1 && o.config().deployment().nodes() == 1);
        c[TopoPolluxForm.SIZE] = within ? 1 : 0;
        c[TopoPolluxForm.SIZE + 1] = across || catalog.isPresent() ? 1 : 0;
        return Optional.of(c);
    }

    @Override
    protected Optional<double[]> fitPooled(List<Observation> pool, Function<Observation, ModelScale> scale,
                                           List<String> why) {
        if (fewerThanPooledPoints(pool, why)) {
            return Optional.empty();
        }
        // The catalog's inter-node term is one model's bytes over the NIC: added per model when resolved.
        List<TopoPolluxFitter.Point> points = pool.stream().map(o -> new TopoPolluxFitter.Point(
                o.config().deployment().nodes(), o.config().workers(), GradientSync.gpusPerNode(o.config()),
                o.config().localBatch(), stepTime(o), scale.apply(o).compute(), scale.apply(o).sync())).toList();
        return fit(points, pool, Optional.empty(), why);
    }

    @Override
    protected double[] resolvePooled(double[] shared, ModelScale scale, Config config) {
        double[] c = Arrays.copyOf(TopoPolluxFitter.scale(shared, scale.compute(), scale.sync()), arity());
        boolean acrossFitted = shared[TopoPolluxForm.SIZE + 1] == 1;
        if (!acrossFitted) {
            catalogInterNode(config, new ArrayList<>()).ifPresent(n -> {
                c[5] = n[0];
                c[6] = n[1];
                c[TopoPolluxForm.FROM_CATALOG] = 1;
                c[TopoPolluxForm.SIZE + 1] = 1;
            });
        }
        return c;
    }

    /** {@code {alpha_n, beta_n}}: the NIC's latency and the gradient bytes over its bandwidth, or empty. */
    Optional<double[]> catalogInterNode(Config config, List<String> why) {
        GradientSync sync = new GradientSync(hardware, zoo());
        Optional<Long> bytes = sync.gradientBytes(config);
        if (bytes.isEmpty()) {
            why.add("the gradient bytes of '" + config.model() + "' are unknown (column parameter_bytes)");
            return Optional.empty();
        }
        Optional<LinkCost> nic = sync.inter(config, why);
        return nic.map(l -> new double[] {l.alphaS(), bytes.get() / l.bytesPerS()});
    }

    @Override
    protected int arity() {
        return TopoPolluxForm.SIZE + 2;
    }

    /** Fitted coefficients per model and hardware, then the within-node and across-node flags. */
    private static final GroupedForm FORM = new GroupedForm(GroupKey::of, config -> AllReduceAlone.check(NAME, config),
            TopoPolluxEstimator::unfitted, (config, c) -> Math.exp(TopoPolluxForm.logStepTime(c,
                    config.deployment().nodes(), config.workers(), GradientSync.gpusPerNode(config), config.localBatch())));

    private static Optional<String> unfitted(Config config, double[] c) {
        if (config.workers() > 1 && config.deployment().nodes() > 1 && c[TopoPolluxForm.SIZE + 1] == 0) {
            return Optional.of(NAME + " has no multi-node row of " + GroupKey.of(config) + " and no catalog NIC"
                    + " figures for its hardware (columns hardware naming a catalogued system, bandwidth_gbps,"
                    + " parameter_bytes)");
        }
        if (config.workers() > 1 && config.deployment().nodes() == 1 && c[TopoPolluxForm.SIZE] == 0) {
            return Optional.of(NAME + " was fitted without multi-GPU single-node rows of " + GroupKey.of(config));
        }
        return Optional.empty();
    }

    /** A predictor of previously fitted coefficients. */
    public static Predictor restore(Coefficients coefficients, Provenance provenance) {
        return FORM.restore(coefficients, provenance);
    }
}
