package io.stepcast.queueing.mva;

import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Prediction;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.queueing.fit.BasisTable;
import io.stepcast.queueing.fit.BasisTablePredictor;
import io.stepcast.queueing.fit.Calibrated;

/**
 * A fitted MVA model: the calibrated single-worker bases of its training set ({@link MvaCalibration}), nothing
 * else of it. Immutable and thread-safe; every prediction solves the network afresh (microseconds).
 */
final class MvaPredictor extends BasisTablePredictor<MvaCalibration> {
    private final MvaNetworks networks;

    MvaPredictor(BasisTable<MvaCalibration> bases, HyperParameters hp, Provenance provenance) {
        super(bases, provenance);
        this.networks = new MvaNetworks(hp);
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
        Calibrated<ReadyBasis<MvaCalibration>> found = basisOf(config);
        if (found instanceof Calibrated.Refused<ReadyBasis<MvaCalibration>> refused) {
            return Prediction.notApplicable(refused.reason());
        }
        ReadyBasis<MvaCalibration> basis = ((Calibrated.Ready<ReadyBasis<MvaCalibration>>) found).state();
        PsQueueingModel m = networks.of(config, basis.basis(),
                basis.state().efficiency(config.deployment().architecture()));
        double stepsPerS = m.stepsPerS();
        return target == Target.THROUGHPUT
                ? Prediction.of(stepsPerS * config.localBatch())
                : Prediction.of(config.workers() / stepsPerS);
    }
}
