package io.stepcast.analytic.megatron;

import com.google.inject.Inject;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.analytic.codec.EnvelopeCodec;
import io.stepcast.analytic.estimators.CatalogEstimator;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Saves and loads fitted {@code megatron-analytic} and {@code megatron-simulation} predictors as the envelope
 * {@value #FORMAT}: how iterations are timed, the {@code overlap-dp} option and the fitted {@link Efficiency}
 * constants by name, and with {@code carry=mamf} the measured matmul share of the GPU they were fitted on
 * ({@link MatmulCarry}; absent: carried as fitted); the host cost per MoE kernel launch is the provenance's hyper-parameter {@code launch-us} (the
 * measured default when a model saved before it has none). The zoo and the hardware catalog are injected again on
 * load (the catalogs, not the fit, resolve a configuration), so a reload predicts bit for bit the same with the same
 * catalogs; doubles read back to the same bits. Payloads of version 1 (plain text, {@link FormerMegatronText}) still read.
 * <pre>
 * {"format":"stepcast-megatron","version":2,"method":"megatron-analytic","overlap_dp":false,
 *  "efficiency":{"end_host_s":0.0027,"flops":0.77,...},
 *  "matmul_carry":{"fitted_fraction":0.8692,"fitted_device":"A100-SXM4-80GB"}}
 * </pre>
 */
public final class MegatronCodec extends EnvelopeCodec<MegatronPredictor> {
    static final String FORMAT = "stepcast-megatron";
    private static final int VERSION = 2;

    private final Optional<ModelCatalog> zoo;
    private final Optional<HardwareCatalog> hardware;

    /** Loaded predictors resolve configurations through the datasets module's zoo and hardware catalog. */
    @Inject
    public MegatronCodec(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> hardware) {
        super("Megatron", MegatronPredictor.class, FORMAT, VERSION);
        this.zoo = zoo;
        this.hardware = hardware;
    }

    @Override
    protected void write(MegatronPredictor m, PayloadWriter w) {
        w.text("method", m.method().estimator()).flag("overlap_dp", m.overlapData());
        PayloadWriter e = w.object("efficiency");
        new TreeMap<>(EfficiencyText.values(m.efficiency())).forEach((name, value) -> e.number(field(name), value));
        if (m.carry().scales()) {
            w.object("matmul_carry").number("fitted_fraction", m.carry().fittedFraction().getAsDouble())
                    .text("fitted_device", m.carry().fittedDevice());
        }
    }

    @Override
    protected Predictor readFormer(byte[] payload, Provenance provenance) throws IOException {
        FormerMegatronText.Fields f = FormerMegatronText.read(payload);
        return predictor(f.method(), f.overlapData(), f.efficiency(), MatmulCarry.NONE, provenance);
    }

    @Override
    protected Predictor read(PayloadReader r, Provenance provenance) throws IOException {
        String methodName = r.text("method");
        boolean overlap = r.flag("overlap_dp");
        PayloadReader e = r.object("efficiency");
        Map<String, Double> values = new TreeMap<>();
        for (String name : e.names()) {
            values.put(name.replace('_', '-'), e.number(name));
        }
        MatmulCarry carry = MatmulCarry.NONE;
        if (r.has("matmul_carry")) {
            PayloadReader c = r.object("matmul_carry");
            carry = new MatmulCarry(OptionalDouble.of(c.number("fitted_fraction")), c.text("fitted_device"));
        }
        return predictor(methodName, overlap, EfficiencyText.of(values), carry, provenance);
    }

    /** The predictor of the fields read, once the method is known to be the provenance's estimator. */
    private Predictor predictor(String methodName, boolean overlap, Efficiency efficiency, MatmulCarry carry,
                                Provenance provenance) throws IOException {
        Method method = method(methodName);
        if (!method.estimator().equals(provenance.estimator())) {
            throw new IOException("Megatron payload of " + method.estimator() + " under the provenance of "
                    + provenance.estimator());
        }
        MegatronJobs jobs;
        try {
            jobs = MegatronFit.jobs(method.estimator(), new CatalogEstimator.Catalogs(zoo, hardware),
                    MegatronEstimator.launchSeconds(new HyperParameters(provenance.hyperParameters())))
                    .carried(carry);
        } catch (RuntimeException ex) {
            throw new IOException(ex.getMessage(), ex);
        }
        return new MegatronPredictor(jobs, efficiency, overlap, method, provenance);
    }

    private static String field(String constant) {
        return constant.replace('-', '_');
    }

    private static Method method(String name) throws IOException {
        for (Method m : Method.values()) {
            if (m.estimator().equals(name)) {
                return m;
            }
        }
        throw new IOException("Megatron payload: unknown method '" + name + "'");
    }
}
