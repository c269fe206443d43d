package io.stepcast.analytic.collective;

import com.google.inject.Inject;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.models.collective.CatalogLinks;
import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.analytic.estimators.CatalogEstimator;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code collective-alpha-beta}: the alpha-beta model of a ring or tree collective (Thakur, Rabenseifner
 * and Gropp 2005; see {@link io.stepcast.models.collective.RingAlgorithm} and
 * {@link io.stepcast.models.collective.TreeAlgorithm}) with alpha and beta fitted per hardware and collective on
 * the training rows (relative least squares, {@link AlphaBetaFit}); it then predicts any other number of
 * ranks and message size with the same formula. Every algorithm's cost is linear in alpha and beta, so its
 * two features are its cost at (alpha 1, beta 0) and at (alpha 0, beta 1).
 *
 * <p>With {@code topology=catalog} (default) and a hardware label that names a catalogued system, beta is
 * per ring channel: the bandwidth of a call over n GPUs is {@link CatalogLinks#ringChannels} channels times
 * the fitted one, so that a hybrid cube-mesh, whose channel count changes with the GPUs taking part, is
 * extrapolated by its topology rather than by a single bandwidth; nothing about the held-out GPU counts
 * but the catalog's link matrix is used. {@code topology=none}, or an uncatalogued label, fits one
 * bandwidth.
 *
 * <p>Hyper-parameters: {@code algorithm} ({@code ring} default, or {@code tree}), {@code topology}
 * ({@code catalog} or {@code none}). Rows that are no collective call ({@link CollectiveConfig}) are not
 * used and not answered.
 */
public final class CollectiveAlphaBetaEstimator extends CatalogEstimator {
    /** Registered name. */
    public static final String NAME = "collective-alpha-beta";
    /** A bandwidth so high that the bandwidth term vanishes: the alpha feature. */
    private static final double NO_BANDWIDTH_COST = Double.MAX_VALUE;

    /** The ring algorithm over the catalog's topology, with the catalog bound by the datasets module if any. */
    @Inject
    public CollectiveAlphaBetaEstimator(Optional<HardwareCatalog> catalog) {
        this(Catalogs.hardware(catalog), HyperParameters.of("algorithm", "ring", "topology", "catalog"));
    }

    private CollectiveAlphaBetaEstimator(Catalogs catalogs, HyperParameters params) {
        super(NAME, "Alpha-beta collective cost (ring or tree), alpha and per-channel beta fitted per hardware "
                + "(Thakur, Rabenseifner, Gropp 2005)", EnumSet.of(Target.STEP_TIME), params, catalogs);
        params.choice("algorithm", AlgorithmChoice.VALUES);
        params.choice("topology", "catalog", "none");
    }

    @Override
    protected Estimator with(Catalogs catalogs, HyperParameters params) {
        return new CollectiveAlphaBetaEstimator(catalogs, params);
    }

    private Optional<Channels> channels() {
        boolean use = params().choice("topology", "catalog", "none").equals("catalog");
        return use ? catalogs().hardware().map(Channels::new) : Optional.empty();
    }

    /** Ring channels of a configuration's system, 1 when the label is no catalogued system. */
    static final class Channels {
        private final HardwareCatalog catalog;
        private final CatalogLinks links;

        Channels(HardwareCatalog catalog) {
            this.catalog = catalog;
            this.links = new CatalogLinks(catalog);
        }

        int of(Config config, CollectiveConfig call) {
            Optional<SystemSpec> s = catalog.system(config.deployment().hardware());
            return s.map(x -> Math.max(1, links.ringChannels(x, call.placement().maxPerNode()))).orElse(1);
        }
    }

    private AlgorithmChoice algorithm() {
        return AlgorithmChoice.parse(params().choice("algorithm", AlgorithmChoice.VALUES));
    }

    static String keyOf(Config config, CollectiveConfig call) {
        return config.deployment().hardware() + "|" + call.collective().label();
    }

    static double[] features(AlgorithmChoice algorithm, CollectiveConfig call, int channels) {
        CollectiveAlgorithm latency = algorithm.over(new LinkCost(1, NO_BANDWIDTH_COST), 0);
        CollectiveAlgorithm bandwidth = algorithm.over(new LinkCost(0, channels), 0);
        return new double[] {latency.seconds(call.collective(), call.bytes(), call.placement()),
                bandwidth.seconds(call.collective(), call.bytes(), call.placement())};
    }

    @Override
    public Predictor fit(TrainingSet training) {
        AlgorithmChoice algorithm = algorithm();
        Optional<Channels> channels = channels();
        Map<String, List<AlphaBetaFit.Point>> groups = new TreeMap<>();
        String unusable = "";
        for (Observation o : training.observations()) {
            if (o.value(Target.STEP_TIME).isEmpty()) {
                continue;
            }
            CollectiveConfig.Either e = CollectiveConfig.of(o.config());
            if (e.call().isEmpty()) {
                unusable = e.reason();
                continue;
            }
            int c = channels.map(ch -> ch.of(o.config(), e.call().get())).orElse(1);
            double[] f = features(algorithm, e.call().get(), c);
            groups.computeIfAbsent(keyOf(o.config(), e.call().get()), k -> new ArrayList<>())
                    .add(new AlphaBetaFit.Point(f[0], f[1], o.value(Target.STEP_TIME).getAsDouble()));
        }
        if (groups.isEmpty()) {
            throw new CannotFitException(NAME + " needs collective calls with a measured time"
                    + (unusable.isEmpty() ? "" : " (e.g. " + unusable + ")") + " in training set " + training.id());
        }
        Map<String, LinkCost> fitted = new LinkedHashMap<>();
        groups.forEach((key, points) -> AlphaBetaFit.fit(points)
                .ifPresent(c -> fitted.put(key, new LinkCost(c[0], 1.0 / c[1]))));
        if (fitted.isEmpty()) {
            throw new CannotFitException(NAME + ": no group of training set " + training.id()
                    + " has two distinct (latency, bandwidth) features to fit alpha and beta");
        }
        return new Fitted(algorithm, channels, fitted, Provenance.of(this, training, 0));
    }

    /** The fitted model: one link cost (per ring channel) per hardware and collective. */
    static final class Fitted extends CollectivePredictor {
        private final AlgorithmChoice algorithm;
        private final Optional<Channels> channels;
        private final Map<String, LinkCost> links;

        Fitted(AlgorithmChoice algorithm, Optional<Channels> channels, Map<String, LinkCost> links,
               Provenance provenance) {
            super(NAME, provenance);
            this.algorithm = algorithm;
            this.channels = channels;
            this.links = Map.copyOf(links);
        }

        /** The fitted alpha and bandwidth of a hardware and collective key ({@code vtrain-a100|all-reduce}). */
        Optional<LinkCost> link(String key) {
            return Optional.ofNullable(links.get(key));
        }

        /** Every fitted link cost by key, for {@link CollectiveCodecs}. */
        Map<String, LinkCost> links() {
            return links;
        }

        AlgorithmChoice algorithm() {
            return algorithm;
        }

        /** True when ring channels come from the catalog's topology ({@code topology=catalog} with a catalog). */
        boolean usesTopology() {
            return channels.isPresent();
        }

        @Override
        protected Prediction seconds(Config config, CollectiveConfig call) {
            LinkCost link = links.get(keyOf(config, call));
            if (link == null) {
                return new Prediction.NotApplicable("no " + call.collective().label() + " on hardware '"
                        + config.deployment().hardware() + "' in the training data");
            }
            int c = channels.map(ch -> ch.of(config, call)).orElse(1);
            LinkCost ring = new LinkCost(link.alphaS(), link.bytesPerS() * c);
            return Prediction.of(algorithm.over(ring, 0).seconds(call.collective(), call.bytes(), call.placement()));
        }
    }
}
