package io.stepcast.analytic.transfer;

import com.google.inject.Inject;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.analytic.codec.TextPayload;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Saves and loads fitted {@code overhead-transfer} predictors: the mean single-GPU and multi-GPU step times per
 * job and hardware, as plain text under the header {@value #HEADER} with the {@code across-nodes} choice, one
 * tab-separated line per time ({@code single} or {@code multi}, the job, the hardware label, the seconds):
 * hardware labels may hold spaces, never tabs. Doubles are written by {@link Double#toString}, which reads back
 * exactly; the hardware catalog (for a type without its own single-GPU time) is injected again on load, so a
 * reload predicts bit for bit the same with the same catalog.
 */
public final class OverheadTransferCodec implements PredictorCodec {
    static final String HEADER = "stepcast-overhead-transfer v1";
    private static final String NAME = OverheadTransferEstimator.NAME;

    private final Optional<HardwareCatalog> hardware;

    /** Loaded predictors scale single-GPU times with the datasets module's hardware catalog, when bound. */
    @Inject
    public OverheadTransferCodec(Optional<HardwareCatalog> hardware) {
        this.hardware = hardware;
    }

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        if (!(predictor instanceof OverheadTransferEstimator.Fitted f)) {
            throw TextPayload.cannotSave(NAME, predictor);
        }
        TextPayload.Writer w = new TextPayload.Writer().line(HEADER, f.nearestAcrossNodes() ? "nearest" : "mean");
        lines(w, "single", f.single());
        lines(w, "multi", f.multi());
        return w.bytes();
    }

    private static void lines(TextPayload.Writer w, String kind, Map<String, Map<String, Double>> times)
            throws IOException {
        for (Map.Entry<String, Map<String, Double>> job : times.entrySet()) {
            for (Map.Entry<String, Double> hw : job.getValue().entrySet()) {
                TextPayload.requireNoBreak(NAME, "the label '" + job.getKey() + "' on '" + hw.getKey() + "'",
                        job.getKey(), hw.getKey());
                w.line(kind, job.getKey(), hw.getKey(), Double.toString(hw.getValue()));
            }
        }
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
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
        return new OverheadTransferEstimator.Fitted(hardware, single, multi, head[1].equals("nearest"), provenance);
    }
}
