package io.stepcast.analytic.transfer;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.analytic.estimators.CatalogEstimator.Catalogs;
import io.stepcast.analytic.codec.TextPayload;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads {@code overhead-transfer} payloads saved before the envelope: plain text under the header {@value #HEADER}
 * with the {@code across-nodes} choice, then one tab-separated line per time ({@code single} or {@code multi}, the
 * job, the hardware label, the seconds). Kept so that every model file saved then loads and predicts as it did.
 */
final class FormerOverheadTransferText {
    static final String HEADER = "stepcast-overhead-transfer v1";
    private static final String NAME = OverheadTransferEstimator.NAME;

    private FormerOverheadTransferText() {
    }

    /** The predictor of a version-1 payload; errors name the line. */
    static Predictor decode(byte[] payload, Provenance provenance, Catalogs catalogs)
            throws IOException {
        TextPayload text = TextPayload.read(NAME, payload);
        TextPayload.Line header = text.header();
        String[] head = header.fields();
        if (head.length != 2 || !head[0].equals(HEADER) || !(head[1].equals("nearest") || head[1].equals("mean"))) {
            throw header.isNot("'" + HEADER + "' and the across-nodes choice (nearest or mean)");
        }
        Map<String, Map<String, Double>> single = new TreeMap<>();
        Map<String, Map<String, Double>> multi = new TreeMap<>();
        for (TextPayload.Line line : text.records()) {
            String[] f = line.fields();
            if (f.length != 4 || !(f[0].equals("single") || f[0].equals("multi"))) {
                throw line.isNot("'single|multi<TAB>job<TAB>hardware<TAB>seconds'");
            }
            double seconds = line.doubleField(3);
            if (!(seconds > 0) || Double.isInfinite(seconds)) {
                throw line.corrupt("a step time must be positive, was " + f[3]);
            }
            Map<String, Map<String, Double>> into = f[0].equals("single") ? single : multi;
            if (into.computeIfAbsent(f[1], k -> new TreeMap<>()).put(f[2], seconds) != null) {
                throw line.corrupt(f[0] + " time of " + f[1] + " on '" + f[2] + "' appears twice");
            }
        }
        if (single.isEmpty()) {
            throw text.corrupt("no single-GPU time");
        }
        return new OverheadTransferEstimator.Fitted(catalogs, single, multi, head[1].equals("nearest"), provenance);
    }
}
