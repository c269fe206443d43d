package io.stepcast.queueing.mva;

import com.google.inject.Inject;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.queueing.fit.BasisTable;
import io.stepcast.queueing.fit.BasisTableCodec;

import java.util.Optional;

/**
 * Saves and loads fitted {@code mva} predictors: their calibrated bases ({@link BasisTableCodec}, the envelope
 * {@value #FORMAT}). Payloads of the former text (format 2) still read; those of format 1 (the training set itself)
 * are not read: fit again.
 */
public final class MvaCodec extends BasisTableCodec<MvaCalibration> {
    static final String FORMAT = "stepcast-mva";

    /** Without a hardware catalog: loaded predictors copy over the {@code host-bus-gbps} bus. */
    public MvaCodec() {
        this(Optional.empty());
    }

    /** Loaded predictors read the in-node links from {@code catalog}, as fitted ones do. */
    @Inject
    public MvaCodec(Optional<HardwareCatalog> catalog) {
        super(FORMAT, MvaCalibration.FIELDS,
                p -> p instanceof MvaPredictor m ? Optional.of(m.bases()) : Optional.<BasisTable<MvaCalibration>>empty(),
                (table, provenance) -> new MvaPredictor(table,
                        MvaEstimator.DEFAULTS.with(provenance.hyperParameters()), provenance, catalog));
    }
}
