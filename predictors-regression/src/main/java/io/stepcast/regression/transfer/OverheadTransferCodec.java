package io.stepcast.regression.transfer;

import com.google.inject.Inject;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.PredictorCodec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
            throw new IOException("the " + NAME + " codec cannot save a predictor of "
                    + predictor.provenance().estimator());
        }
        StringBuilder b = new StringBuilder(HEADER).append('\t')
                .append(f.nearestAcrossNodes() ? "nearest" : "mean").append('\n');
        lines(b, "single", f.single());
        lines(b, "multi", f.multi());
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void lines(StringBuilder b, String kind, Map<String, Map<String, Double>> times) throws IOException {
        for (Map.Entry<String, Map<String, Double>> job : times.entrySet()) {
            for (Map.Entry<String, Double> hw : job.getValue().entrySet()) {
                if (hasBreak(job.getKey()) || hasBreak(hw.getKey())) {
                    throw new IOException("the " + NAME + " codec cannot save the label '" + job.getKey() + "' on '"
                            + hw.getKey() + "': it holds a tab or a line break");
                }
                b.append(kind).append('\t').append(job.getKey()).append('\t').append(hw.getKey()).append('\t')
                        .append(Double.toString(hw.getValue())).append('\n');
            }
        }
    }

    private static boolean hasBreak(String s) {
        return s.indexOf('\t') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        String[] lines = new String(payload, StandardCharsets.UTF_8).split("\n", -1);
        String[] head = lines[0].split("\t", -1);
        if (head.length != 2 || !head[0].equals(HEADER) || !(head[1].equals("nearest") || head[1].equals("mean"))) {
            throw new IOException("corrupt " + NAME + " payload: line 1 is not '" + HEADER
                    + "' and the across-nodes choice (nearest or mean)");
        }
        Map<String, Map<String, Double>> single = new TreeMap<>();
        Map<String, Map<String, Double>> multi = new TreeMap<>();
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isEmpty()) {
                continue;
            }
            String[] f = lines[i].split("\t", -1);
            if (f.length != 4 || !(f[0].equals("single") || f[0].equals("multi"))) {
                throw new IOException("corrupt " + NAME + " payload: line " + (i + 1)
                        + " is not 'single|multi<TAB>job<TAB>hardware<TAB>seconds'");
            }
            double seconds;
            try {
                seconds = Double.parseDouble(f[3]);
            } catch (NumberFormatException e) {
                throw new IOException("corrupt " + NAME + " payload: line " + (i + 1) + ": '" + f[3]
                        + "' is not a number");
            }
            if (!(seconds > 0) || Double.isInfinite(seconds)) {
                throw new IOException("corrupt " + NAME + " payload: line " + (i + 1)
                        + ": a step time must be positive, was " + f[3]);
            }
            Map<String, Map<String, Double>> into = f[0].equals("single") ? single : multi;
            if (into.computeIfAbsent(f[1], k -> new TreeMap<>()).put(f[2], seconds) != null) {
                throw new IOException("corrupt " + NAME + " payload: line " + (i + 1) + ": " + f[0] + " time of " + f[1]
                        + " on '" + f[2] + "' appears twice");
            }
        }
        if (single.isEmpty()) {
            throw new IOException("corrupt " + NAME + " payload: no single-GPU time");
        }
        return new OverheadTransferEstimator.Fitted(hardware, single, multi, head[1].equals("nearest"), provenance);
    }
}
