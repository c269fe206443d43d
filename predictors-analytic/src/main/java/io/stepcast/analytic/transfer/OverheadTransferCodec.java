package io.stepcast.analytic.transfer;

import com.google.inject.Inject;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.analytic.estimators.CatalogEstimator.Catalogs;
import io.stepcast.analytic.codec.EnvelopeCodec;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Saves and loads fitted {@code overhead-transfer} predictors: the mean single-GPU and multi-GPU step times per job
 * and hardware, as the envelope {@value #FORMAT} with the {@code across-nodes} choice; doubles read back to the same
 * bits, and the hardware catalog (for a type without its own single-GPU time) and the zoo are injected again on load, so a reload
 * predicts bit for bit the same with the same catalog. Payloads of version 1 (plain text) still read.
 * <pre>
 * {"format":"stepcast-overhead-transfer","version":2,"across_nodes":"nearest",
 *  "single":{"ResNet-50 (batch size 64)":{"k80":0.41}},"multi":{"ResNet-50 (batch size 64)":{"v100":0.12}}}
 * </pre>
 */
public final class OverheadTransferCodec extends EnvelopeCodec<OverheadTransferEstimator.Fitted> {
    static final String FORMAT = "stepcast-overhead-transfer";
    private static final int VERSION = 2;
    private static final String NAME = OverheadTransferEstimator.NAME;

    private final Catalogs catalogs;

    /**
     * Loaded predictors scale single-GPU times with the datasets module's hardware catalog and take parameter bytes
     * from its zoo, when bound.
     */
    @Inject
    public OverheadTransferCodec(Optional<HardwareCatalog> hardware, Optional<ModelCatalog> zoo) {
        super(NAME, OverheadTransferEstimator.Fitted.class, FORMAT, VERSION);
        this.catalogs = new Catalogs(zoo, hardware);
    }

    @Override
    protected void write(OverheadTransferEstimator.Fitted f, PayloadWriter w) {
        w.text("across_nodes", f.nearestAcrossNodes() ? "nearest" : "mean");
        times(w.object("single"), f.single());
        times(w.object("multi"), f.multi());
    }

    private static void times(PayloadWriter w, Map<String, Map<String, Double>> times) {
        for (Map.Entry<String, Map<String, Double>> job : new TreeMap<>(times).entrySet()) {
            PayloadWriter j = w.object(job.getKey());
            new TreeMap<>(job.getValue()).forEach(j::number);
        }
    }

    @Override
    protected Predictor readFormer(byte[] payload, Provenance provenance) throws IOException {
        return FormerOverheadTransferText.decode(payload, provenance, catalogs);
    }

    @Override
    protected Predictor read(PayloadReader r, Provenance provenance) throws IOException {
        String across = r.text("across_nodes");
        if (!across.equals("nearest") && !across.equals("mean")) {
            throw r.corrupt("across_nodes", "must be nearest or mean, was '" + across + "'");
        }
        Map<String, Map<String, Double>> single = times(r.object("single"));
        if (single.isEmpty()) {
            throw r.corrupt("single", "no single-GPU time");
        }
        return new OverheadTransferEstimator.Fitted(catalogs, single, times(r.object("multi")),
                across.equals("nearest"), provenance);
    }

    private static Map<String, Map<String, Double>> times(PayloadReader r) throws IOException {
        Map<String, Map<String, Double>> times = new TreeMap<>();
        for (String job : r.names()) {
            PayloadReader j = r.object(job);
            Map<String, Double> byHardware = new TreeMap<>();
            for (String hw : j.names()) {
                double seconds = j.number(hw);
                if (!(seconds > 0) || Double.isInfinite(seconds)) {
                    throw j.corrupt(hw, "a step time must be positive, was " + seconds);
                }
                byHardware.put(hw, seconds);
            }
            times.put(job, byHardware);
        }
        return times;
    }
}
