package io.stepcast.analytic.collective;

import com.google.inject.Inject;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.analytic.codec.TextPayload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Saves and loads the collective predictors as plain text, doubles by {@link Double#toString} (exact on reading
 * back); the hardware catalog is injected again on load, so a reload predicts bit for bit the same with the same
 * catalog.
 * <ul>
 *   <li>{@link AlphaBeta}: {@code collective-alpha-beta}'s algorithm, whether its ring channels follow the catalog's
 *       topology, and one tab-separated line per hardware and collective: the key, alpha (s), bytes/s per channel;</li>
 *   <li>{@link Catalog}: {@code collective-catalog}'s algorithm and NCCL protocols (nothing is fitted).</li>
 * </ul>
 */
public final class CollectiveCodecs {
    private CollectiveCodecs() {
    }

    /** The codec of {@code collective-alpha-beta}. */
    public static final class AlphaBeta implements PredictorCodec {
        static final String HEADER = "stepcast-collective-alpha-beta v1";
        private final Optional<HardwareCatalog> catalog;

        /** Loaded predictors take ring channels from the datasets module's catalog, when they were fitted so. */
        @Inject
        public AlphaBeta(Optional<HardwareCatalog> catalog) {
            this.catalog = catalog;
        }

        @Override
        public byte[] encode(Predictor predictor) throws IOException {
            String name = CollectiveAlphaBetaEstimator.NAME;
            if (!(predictor instanceof CollectiveAlphaBetaEstimator.Fitted f)) {
                throw TextPayload.cannotSave(name, predictor);
            }
            TextPayload.Writer w = new TextPayload.Writer().line(HEADER, f.algorithm().name().toLowerCase(Locale.ROOT),
                    f.usesTopology() ? "catalog" : "none");
            for (Map.Entry<String, LinkCost> e : new TreeMap<>(f.links()).entrySet()) {
                TextPayload.requireNoBreak(name, "the key '" + e.getKey() + "'", e.getKey());
                w.line(e.getKey(), Double.toString(e.getValue().alphaS()), Double.toString(e.getValue().bytesPerS()));
            }
            return w.bytes();
        }

        @Override
        public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
            String name = CollectiveAlphaBetaEstimator.NAME;
            TextPayload text = TextPayload.read(name, payload);
            TextPayload.Line header = text.header();
            String[] head = header.fields();
            if (head.length != 3 || !head[0].equals(HEADER) || !AlgorithmChoice.VALUES.contains(head[1])
                    || !(head[2].equals("catalog") || head[2].equals("none"))) {
                throw header.isNot("'" + HEADER + "', the algorithm (ring or tree) and the topology (catalog or none)");
            }
            if (head[2].equals("catalog") && catalog.isEmpty()) {
                throw new IOException(name + " was saved with the catalog's topology, but no hardware catalog is on "
                        + "the class path");
            }
            Map<String, LinkCost> links = new TreeMap<>();
            for (TextPayload.Line line : text.records()) {
                String[] f = line.fields();
                if (f.length != 3) {
                    throw line.isNot("'key<TAB>alpha<TAB>bytes per second'");
                }
                LinkCost link;
                try {
                    // One catch for both: LinkCost's message names a figure out of range, a non-number's the text.
                    link = new LinkCost(Double.parseDouble(f[1]), Double.parseDouble(f[2]));
                } catch (IllegalArgumentException e) {
                    throw line.corrupt(e.getMessage(), e);
                }
                if (links.put(f[0], link) != null) {
                    throw line.corrupt("key " + f[0] + " twice");
                }
            }
            if (links.isEmpty()) {
                throw text.corrupt("no fitted link");
            }
            Optional<CollectiveAlphaBetaEstimator.Channels> channels = head[2].equals("catalog")
                    ? catalog.map(CollectiveAlphaBetaEstimator.Channels::new) : Optional.empty();
            return new CollectiveAlphaBetaEstimator.Fitted(AlgorithmChoice.parse(head[1]), channels, links, provenance);
        }
    }

    /** The codec of {@code collective-catalog}. */
    public static final class Catalog implements PredictorCodec {
        static final String HEADER = "stepcast-collective-catalog v1";
        private final Optional<HardwareCatalog> catalog;

        /** Loaded predictors read the datasets module's catalog, which they need. */
        @Inject
        public Catalog(Optional<HardwareCatalog> catalog) {
            this.catalog = catalog;
        }

        @Override
        public byte[] encode(Predictor predictor) throws IOException {
            if (!(predictor instanceof CollectiveCatalogEstimator.CatalogPredictor p)) {
                throw TextPayload.cannotSave(CollectiveCatalogEstimator.NAME, predictor);
            }
            List<String> head = new ArrayList<>(List.of(HEADER, p.algorithm().name().toLowerCase(Locale.ROOT)));
            p.protocols().forEach(x -> head.add(x.name().toLowerCase(Locale.ROOT)));
            return new TextPayload.Writer().line(head.toArray(String[]::new)).bytes();
        }

        @Override
        public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
            String name = CollectiveCatalogEstimator.NAME;
            TextPayload.Line header = TextPayload.read(name, payload).header();
            String[] head = header.fields();
            if (head.length < 3 || !head[0].equals(HEADER) || !AlgorithmChoice.VALUES.contains(head[1])) {
                throw header.isNot("'" + HEADER + "', the algorithm (ring or tree) and at least one NCCL protocol");
            }
            List<NcclProtocol> protocols = new ArrayList<>();
            for (int i = 2; i < head.length; i++) {
                try {
                    protocols.add(NcclProtocol.valueOf(head[i].toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    throw header.corrupt("unknown NCCL protocol '" + head[i] + "'");
                }
            }
            HardwareCatalog c = catalog.orElseThrow(() -> new IOException(name
                    + " predicts from the hardware catalog, which is not on the class path"));
            return new CollectiveCatalogEstimator.CatalogPredictor(c, AlgorithmChoice.parse(head[1]), protocols,
                    provenance);
        }
    }
}
