package io.stepcast.queueing.simulation;

import com.google.inject.Inject;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.queueing.fit.BasisTable;
import io.stepcast.queueing.fit.BasisTableCodec;

import java.util.Optional;

/**
 * Saves and loads fitted {@code simulation} predictors: their calibrated bases with the profiles in full
 * ({@link BasisTableCodec}, the envelope {@value #FORMAT}). Nothing is calibrated again on load. Payloads of the
 * former text (format 2) still read; those of format 1 (the training set itself) are not read: fit again.
 */
public final class SimulationCodec extends BasisTableCodec<CalibratedProfile> {
    static final String FORMAT = "stepcast-simulation";

    /** Without a hardware catalog: loaded predictors take all-reduce links from their hyper-parameters. */
    public SimulationCodec() {
        this(Optional.empty());
    }

    /** Loaded predictors read all-reduce links from {@code catalog}, as fitted ones do. */
    @Inject
    public SimulationCodec(Optional<HardwareCatalog> catalog) {
        super(FORMAT, CalibratedProfile.FIELDS,
                p -> p instanceof SimulationPredictor s ? Optional.of(s.bases())
                        : Optional.<BasisTable<CalibratedProfile>>empty(),
                (table, provenance) -> new SimulationPredictor(table,
                        SimulationEstimator.DEFAULTS.with(provenance.hyperParameters()), provenance, catalog));
    }
}
