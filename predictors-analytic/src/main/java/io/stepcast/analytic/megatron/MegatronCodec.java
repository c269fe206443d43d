package io.stepcast.analytic.megatron;

import com.google.inject.Inject;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.analytic.codec.TextPayload;
import io.stepcast.analytic.estimators.CatalogEstimator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Saves and loads fitted {@code megatron-analytic} and {@code megatron-simulation} predictors: their fitted
 * {@link Efficiency} constants as text lines {@code name=value} under the first line {@value #HEADER}, with
 * how iterations are timed and the {@code overlap-dp} option; the zoo and the hardware catalog are injected
 * again on load (the catalogs, not the fit, resolve a configuration), so a reload predicts bit for bit the same
 * with the same catalogs. Doubles are written by {@link Double#toString}, which reads back exactly.
 */
public final class MegatronCodec implements PredictorCodec {
    static final String HEADER = "stepcast-megatron 1";

    private final Optional<ModelCatalog> zoo;
    private final Optional<HardwareCatalog> hardware;

    /** Loaded predictors resolve configurations through the datasets module's zoo and hardware catalog. */
    @Inject
    public MegatronCodec(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> hardware) {
        this.zoo = zoo;
        this.hardware = hardware;
    }

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        if (!(predictor instanceof MegatronPredictor m)) {
            throw TextPayload.cannotSave("Megatron", predictor);
        }
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        b.append("method=").append(m.method().estimator()).append('\n');
        b.append("overlap-dp=").append(m.overlapData()).append('\n');
        for (Map.Entry<String, Double> e : EfficiencyText.values(m.efficiency()).entrySet()) {
            b.append(e.getKey()).append('=').append(Double.toString(e.getValue())).append('\n');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        String[] lines = new String(payload, StandardCharsets.UTF_8).split("\n");
        if (lines.length == 0 || !lines[0].equals(HEADER)) {
            throw new IOException("not a Megatron payload: line 1 is not '" + HEADER + "'");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int eq = lines[i].indexOf('=');
            if (eq <= 0) {
                throw new IOException("Megatron payload line " + (i + 1) + ": expected name=value, found '" + lines[i] + "'");
            }
            fields.put(lines[i].substring(0, eq), lines[i].substring(eq + 1));
        }
        String methodName = field(fields, "method");
        Method method = null;
        for (Method m : Method.values()) {
            if (m.estimator().equals(methodName)) {
                method = m;
            }
        }
        if (method == null) {
            throw new IOException("Megatron payload: unknown method '" + methodName + "'");
        }
        if (!method.estimator().equals(provenance.estimator())) {
            throw new IOException("Megatron payload of " + method.estimator() + " under the provenance of "
                    + provenance.estimator());
        }
        String overlap = field(fields, "overlap-dp");
        if (!overlap.equals("true") && !overlap.equals("false")) {
            throw new IOException("Megatron payload: overlap-dp must be true or false, was '" + overlap + "'");
        }
        fields.remove("method");
        fields.remove("overlap-dp");
        Efficiency e = EfficiencyText.parse(fields);
        MegatronJobs jobs;
        try {
            jobs = MegatronFit.jobs(method.estimator(), new CatalogEstimator.Catalogs(zoo, hardware));
        } catch (RuntimeException ex) {
            throw new IOException(ex.getMessage(), ex);
        }
        return new MegatronPredictor(jobs, e, Boolean.parseBoolean(overlap), method, provenance);
    }

    private static String field(Map<String, String> fields, String name) throws IOException {
        String v = fields.get(name);
        if (v == null) {
            throw new IOException("Megatron payload: field '" + name + "' is missing");
        }
        return v;
    }
}
