package io.stepcast.analytic.collective;

import com.google.inject.Inject;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.analytic.codec.EnvelopeCodec;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Saves and loads the collective predictors as envelopes whose doubles read back to the same bits; the hardware
 * catalog is injected again on load, so a reload predicts bit for bit the same with the same catalog. Payloads of
 * version 1 (plain text, {@code FormerCollectiveText}) still read.
 * <ul>
 *   <li>{@link AlphaBeta}: {@code collective-alpha-beta}'s algorithm, whether its ring channels follow the catalog's
 *       topology, and per hardware and collective alpha (s) and bytes/s per channel:
 *       <pre>{"format":"stepcast-collective-alpha-beta","version":2,"algorithm":"ring","topology":"catalog",
 *  "links":{"allreduce@dgx-a100":{"alpha_s":2.1E-5,"bytes_per_s":2.3E10}}}</pre></li>
 *   <li>{@link Catalog}: {@code collective-catalog}'s algorithm and NCCL protocols (nothing is fitted):
 *       <pre>{"format":"stepcast-collective-catalog","version":2,"algorithm":"ring","protocols":["simple"]}</pre></li>
 * </ul>
 */
public final class CollectiveCodecs {
    private static final int VERSION = 2;

    private CollectiveCodecs() {
    }

    /** The codec of {@code collective-alpha-beta}. */
    public static final class AlphaBeta extends EnvelopeCodec<CollectiveAlphaBetaEstimator.Fitted> {
        static final String FORMAT = "stepcast-collective-alpha-beta";
        private final Optional<HardwareCatalog> catalog;

        /** Loaded predictors take ring channels from the datasets module's catalog, when they were fitted so. */
        @Inject
        public AlphaBeta(Optional<HardwareCatalog> catalog) {
            super(CollectiveAlphaBetaEstimator.NAME, CollectiveAlphaBetaEstimator.Fitted.class, FORMAT, VERSION);
            this.catalog = catalog;
        }

        @Override
        protected void write(CollectiveAlphaBetaEstimator.Fitted f, PayloadWriter w) {
            w.text("algorithm", f.algorithm().name().toLowerCase(Locale.ROOT))
                    .text("topology", f.usesTopology() ? "catalog" : "none");
            PayloadWriter links = w.object("links");
            for (Map.Entry<String, LinkCost> e : new TreeMap<>(f.links()).entrySet()) {
                links.object(e.getKey()).number("alpha_s", e.getValue().alphaS())
                        .number("bytes_per_s", e.getValue().bytesPerS());
            }
        }

        @Override
        protected Predictor readFormer(byte[] payload, Provenance provenance) throws IOException {
            return FormerCollectiveText.alphaBeta(payload, provenance, catalog);
        }

        @Override
        protected Predictor read(PayloadReader r, Provenance provenance) throws IOException {
            String name = CollectiveAlphaBetaEstimator.NAME;
            AlgorithmChoice algorithm = algorithm(r);
            String topology = r.text("topology");
            if (!topology.equals("catalog") && !topology.equals("none")) {
                throw r.corrupt("topology", "must be catalog or none, was '" + topology + "'");
            }
            if (topology.equals("catalog") && catalog.isEmpty()) {
                throw new IOException(name + " was saved with the catalog's topology, but no hardware catalog is on "
                        + "the class path");
            }
            Map<String, LinkCost> links = new TreeMap<>();
            PayloadReader l = r.object("links");
            for (String key : l.names()) {
                PayloadReader link = l.object(key);
                try {
                    links.put(key, new LinkCost(link.number("alpha_s"), link.number("bytes_per_s")));
                } catch (IllegalArgumentException e) {
                    throw l.corrupt(key, e.getMessage());
                }
            }
            if (links.isEmpty()) {
                throw r.corrupt("links", "no fitted link");
            }
            Optional<CollectiveAlphaBetaEstimator.Channels> channels = topology.equals("catalog")
                    ? catalog.map(CollectiveAlphaBetaEstimator.Channels::new) : Optional.empty();
            return new CollectiveAlphaBetaEstimator.Fitted(algorithm, channels, links, provenance);
        }
    }

    /** The codec of {@code collective-catalog}. */
    public static final class Catalog extends EnvelopeCodec<CollectiveCatalogEstimator.CatalogPredictor> {
        static final String FORMAT = "stepcast-collective-catalog";
        private final Optional<HardwareCatalog> catalog;

        /** Loaded predictors read the datasets module's catalog, which they need. */
        @Inject
        public Catalog(Optional<HardwareCatalog> catalog) {
            super(CollectiveCatalogEstimator.NAME, CollectiveCatalogEstimator.CatalogPredictor.class, FORMAT, VERSION);
            this.catalog = catalog;
        }

        @Override
        protected void write(CollectiveCatalogEstimator.CatalogPredictor p, PayloadWriter w) {
            w.text("algorithm", p.algorithm().name().toLowerCase(Locale.ROOT))
                    .texts("protocols", p.protocols().stream().map(x -> x.name().toLowerCase(Locale.ROOT)).toList())
                    .text("schedule", p.schedule().name().toLowerCase(Locale.ROOT));
        }

        @Override
        protected Predictor readFormer(byte[] payload, Provenance provenance) throws IOException {
            return FormerCollectiveText.catalog(payload, provenance, catalog);
        }

        @Override
        protected Predictor read(PayloadReader r, Provenance provenance) throws IOException {
            String name = CollectiveCatalogEstimator.NAME;
            AlgorithmChoice algorithm = algorithm(r);
            List<NcclProtocol> protocols = new ArrayList<>();
            for (String p : r.texts("protocols")) {
                try {
                    protocols.add(NcclProtocol.valueOf(p.toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    throw r.corrupt("protocols", "unknown NCCL protocol '" + p + "'");
                }
            }
            if (protocols.isEmpty()) {
                throw r.corrupt("protocols", "no NCCL protocol");
            }
            HardwareCatalog c = catalog.orElseThrow(() -> new IOException(name
                    + " predicts from the hardware catalog, which is not on the class path"));
            // Saved before the schedule was a choice: the phases one after the other.
            String schedule = r.has("schedule") ? r.text("schedule") : "sequential";
            if (!List.of(CollectiveCatalogEstimator.SCHEDULES).contains(schedule)) {
                throw r.corrupt("schedule", "unknown schedule '" + schedule + "'");
            }
            return new CollectiveCatalogEstimator.CatalogPredictor(c, algorithm, protocols,
                    CollectiveCatalogEstimator.schedule(schedule), provenance);
        }
    }

    private static AlgorithmChoice algorithm(PayloadReader r) throws IOException {
        String algorithm = r.text("algorithm");
        if (!AlgorithmChoice.VALUES.contains(algorithm)) {
            throw r.corrupt("algorithm", "must be one of " + AlgorithmChoice.VALUES + ", was '" + algorithm + "'");
        }
        return AlgorithmChoice.parse(algorithm);
    }
}
