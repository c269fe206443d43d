package io.stepcast.queueing.mva;

import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.queueing.fit.BasisTable;
import io.stepcast.queueing.fit.Calibrated;
import io.stepcast.queueing.fit.CalibratedBasis;
import java.util.Optional;
import java.util.Set;

/**
 * A fitted MVA model: the calibrated single-worker bases of its training set ({@link MvaCalibration}), nothing
 * else of it. Immutable and thread-safe; every prediction solves the network afresh (microseconds).
 */
final class MvaPredictor implements Predictor {
    private final BasisTable<MvaCalibration> bases;
    private final MvaNetworks networks;
    private final Provenance provenance;

    MvaPredictor(BasisTable<MvaCalibration> bases, HyperParameters hp, Provenance provenance) {
        this.bases = bases;
        this.networks = new MvaNetworks(hp);
        this.provenance = provenance;
    }

    @Override
    public Prediction predict(Config config, Target target) {
        if (target != Target.STEP_TIME && target != Target.THROUGHPUT) {
            return Prediction.notApplicable("MVA predicts step time and throughput, not " + target.label());
        }
        if (!config.deployment().architecture().usesParameterServers()) {
            return Prediction.notApplicable("the parameter-server queueing model does not model "
                    + config.deployment().architecture());
        }
        Optional<CalibratedBasis<MvaCalibration>> found = bases.find(config);
        if (found.isEmpty()) {
            return Prediction.notApplicable("no profile and no single-worker observation of model " + config.model());
        }
        CalibratedBasis<MvaCalibration> basis = found.get();
        if (basis.calibration() instanceof Calibrated.Refused<MvaCalibration> refused) {
            return Prediction.notApplicable(refused.reason());
        }
        MvaCalibration cal = ((Calibrated.Ready<MvaCalibration>) basis.calibration()).state();
        PsQueueingModel m = networks.of(config, basis.basis(), cal.efficiency(config.deployment().architecture()));
        double stepsPerS = m.stepsPerS();
        return target == Target.THROUGHPUT
                ? Prediction.of(stepsPerS * config.localBatch())
                : Prediction.of(config.workers() / stepsPerS);
    }

    /** Its calibrated bases (for {@link MvaCodec}). */
    BasisTable<MvaCalibration> bases() {
        return bases;
    }

    @Override
    public Set<Target> targets() {
        return Set.of(Target.STEP_TIME, Target.THROUGHPUT);
    }

    @Override
    public Provenance provenance() {
        return provenance;
    }
}
