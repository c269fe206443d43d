package io.stepcast.regression.collective;

import com.google.inject.Inject;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.PredictorCodec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
            if (!(predictor instanceof CollectiveAlphaBetaEstimator.Fitted f)) {
                throw new IOException("the " + CollectiveAlphaBetaEstimator.NAME + " codec cannot save a predictor of "
                        + predictor.provenance().estimator());
            }
            StringBuilder b = new StringBuilder(HEADER).append('\t')
                    .append(f.algorithm().name().toLowerCase(Locale.ROOT))
                    .append('\t').append(f.usesTopology() ? "catalog" : "none").append('\n');
            for (Map.Entry<String, LinkCost> e : new TreeMap<>(f.links()).entrySet()) {
                if (e.getKey().contains("\t") || e.getKey().contains("\n")) {
                    throw new IOException("the " + CollectiveAlphaBetaEstimator.NAME + " codec cannot save the key '"
                            + e.getKey() + "': it holds a tab or a line break");
                }
                b.append(e.getKey()).append('\t').append(Double.toString(e.getValue().alphaS())).append('\t')
                        .append(Double.toString(e.getValue().bytesPerS())).append('\n');
            }
            return b.toString().getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
            String name = CollectiveAlphaBetaEstimator.NAME;
            String[] lines = new String(payload, StandardCharsets.UTF_8).split("\n", -1);
            String[] head = lines[0].split("\t", -1);
            if (head.length != 3 || !head[0].equals(HEADER) || !AlgorithmChoice.VALUES.contains(head[1])
                    || !(head[2].equals("catalog") || head[2].equals("none"))) {
                throw new IOException("corrupt " + name + " payload: line 1 is not '" + HEADER
                        + "', the algorithm (ring or tree) and the topology (catalog or none)");
            }
            if (head[2].equals("catalog") && catalog.isEmpty()) {
                throw new IOException(name + " was saved with the catalog's topology, but no hardware catalog is on "
                        + "the class path");
            }
            Map<String, LinkCost> links = new TreeMap<>();
            for (int i = 1; i < lines.length; i++) {
                if (lines[i].isEmpty()) {
                    continue;
                }
                String[] f = lines[i].split("\t", -1);
                if (f.length != 3) {
                    throw new IOException("corrupt " + name + " payload: line " + (i + 1)
                            + " is not 'key<TAB>alpha<TAB>bytes per second'");
                }
                LinkCost link;
                try {
                    link = new LinkCost(Double.parseDouble(f[1]), Double.parseDouble(f[2]));
                } catch (IllegalArgumentException e) {
                    throw new IOException("corrupt " + name + " payload: line " + (i + 1) + ": " + e.getMessage(), e);
                }
                if (links.put(f[0], link) != null) {
                    throw new IOException("corrupt " + name + " payload: line " + (i + 1) + ": key " + f[0] + " twice");
                }
            }
            if (links.isEmpty()) {
                throw new IOException("corrupt " + name + " payload: no fitted link");
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
                throw new IOException("the " + CollectiveCatalogEstimator.NAME + " codec cannot save a predictor of "
                        + predictor.provenance().estimator());
            }
            StringBuilder b = new StringBuilder(HEADER).append('\t')
                    .append(p.algorithm().name().toLowerCase(Locale.ROOT));
            p.protocols().forEach(x -> b.append('\t').append(x.name().toLowerCase(Locale.ROOT)));
            return b.append('\n').toString().getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
            String name = CollectiveCatalogEstimator.NAME;
            String[] head = new String(payload, StandardCharsets.UTF_8).split("\n", -1)[0].split("\t", -1);
            if (head.length < 3 || !head[0].equals(HEADER) || !AlgorithmChoice.VALUES.contains(head[1])) {
                throw new IOException("corrupt " + name + " payload: line 1 is not '" + HEADER
                        + "', the algorithm (ring or tree) and at least one NCCL protocol");
            }
            List<NcclProtocol> protocols = new ArrayList<>();
            for (int i = 2; i < head.length; i++) {
                try {
                    protocols.add(NcclProtocol.valueOf(head[i].toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    throw new IOException("corrupt " + name + " payload: line 1: unknown NCCL protocol '" + head[i]
                            + "'");
                }
            }
            HardwareCatalog c = catalog.orElseThrow(() -> new IOException(name
                    + " predicts from the hardware catalog, which is not on the class path"));
            return new CollectiveCatalogEstimator.CatalogPredictor(c, AlgorithmChoice.parse(head[1]), protocols,
                    provenance);
        }
    }
}
