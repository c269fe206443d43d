package io.stepcast.queueing.mva;

import com.google.inject.Inject;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.queueing.fit.BasisTable;
import io.stepcast.queueing.fit.BasisTableCodec;

import java.io.IOException;
import java.util.Optional;

/**
 * Saves and loads fitted {@code mva} predictors: their calibrated bases ({@link BasisTableCodec}, the envelope
 * {@value #FORMAT}). Payloads of the former text (format 2) still read; those of format 1 (the training set itself)
 * are not read: fit again.
 */
public final class MvaCodec implements PredictorCodec {
    static final String FORMAT = "stepcast-mva";

    private final BasisTableCodec<MvaCalibration> codec;

    /** Without a hardware catalog: loaded predictors copy over the {@code host-bus-gbps} bus. */
    public MvaCodec() {
        this(Optional.empty());
    }

    /** Loaded predictors read the in-node links from {@code catalog}, as fitted ones do. */
    @Inject
    public MvaCodec(Optional<HardwareCatalog> catalog) {
        codec = new BasisTableCodec<>(FORMAT, MvaCalibration.FIELDS,
                p -> p instanceof MvaPredictor m ? Optional.of(m.bases())
                        : Optional.<BasisTable<MvaCalibration>>empty(),
                (table, provenance) -> new MvaPredictor(table,
                        MvaEstimator.DEFAULTS.with(provenance.hyperParameters()), provenance, catalog));
    }

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        return codec.encode(predictor);
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        return codec.decode(payload, provenance);
    }
}
