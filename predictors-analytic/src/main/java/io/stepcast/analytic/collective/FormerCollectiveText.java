package io.stepcast.analytic.collective;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.analytic.codec.TextPayload;
import io.stepcast.models.collective.CollectiveCost;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads the collective predictors' payloads saved before the envelope: tab-separated plain text, doubles by
 * {@link Double#toString}. Kept so that every model file saved then loads and predicts as it did.
 * <ul>
 *   <li>{@code collective-alpha-beta}: a header line (the algorithm, {@code catalog} or {@code none} for the ring
 *       channels' topology), then per hardware and collective the key, alpha (s) and bytes/s per channel;</li>
 *   <li>{@code collective-catalog}: one line, the algorithm then the NCCL protocols.</li>
 * </ul>
 */
final class FormerCollectiveText {
    static final String ALPHA_BETA = "stepcast-collective-alpha-beta v1";
    static final String CATALOG = "stepcast-collective-catalog v1";

    private FormerCollectiveText() {
    }

    /** The predictor of a version-1 {@code collective-alpha-beta} payload; errors name the line. */
    static Predictor alphaBeta(byte[] payload, Provenance provenance, Optional<HardwareCatalog> catalog)
            throws IOException {
        String name = CollectiveAlphaBetaEstimator.NAME;
        TextPayload text = TextPayload.read(name, payload);
        TextPayload.Line header = text.header();
        String[] head = header.fields();
        if (head.length != 3 || !head[0].equals(ALPHA_BETA) || !AlgorithmChoice.VALUES.contains(head[1])
                || !(head[2].equals("catalog") || head[2].equals("none"))) {
            throw header.isNot("'" + ALPHA_BETA + "', the algorithm (ring or tree) and the topology (catalog or none)");
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

    /** The predictor of a version-1 {@code collective-catalog} payload; errors name the line. */
    static Predictor catalog(byte[] payload, Provenance provenance, Optional<HardwareCatalog> catalog)
            throws IOException {
        String name = CollectiveCatalogEstimator.NAME;
        TextPayload.Line header = TextPayload.read(name, payload).header();
        String[] head = header.fields();
        if (head.length < 3 || !head[0].equals(CATALOG) || !AlgorithmChoice.VALUES.contains(head[1])) {
            throw header.isNot("'" + CATALOG + "', the algorithm (ring or tree) and at least one NCCL protocol");
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
                CollectiveCost.Schedule.SEQUENTIAL, provenance);
    }
}
