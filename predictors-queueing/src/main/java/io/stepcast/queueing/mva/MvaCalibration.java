package io.stepcast.queueing.mva;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.queueing.fit.Calibrated;
import io.stepcast.queueing.fit.SingleWorkerBasis;
import io.stepcast.queueing.fit.StateText;
import java.util.List;
import java.util.Optional;

/**
 * The calibrated state of one {@code mva} basis: the effective-bandwidth factor, per parameter-server
 * architecture, that makes the model reproduce the training set's measured two-worker step of the model at the
 * basis batch (bisection on [0.01, 10]); 1 when there is no such observation, no factor fits, or the
 * {@code two-worker-fit} hyper-parameter is off.
 *
 * @param asyncEfficiency factor for {@link Architecture#ASYNC_PS}
 * @param syncEfficiency  factor for {@link Architecture#SYNC_PS}
 */
record MvaCalibration(double asyncEfficiency, double syncEfficiency) {

    /** Writes the two factors. */
    static final StateText<MvaCalibration> TEXT = new StateText<>() {
        @Override
        public List<String> fields(MvaCalibration state) {
            return List.of(Double.toString(state.asyncEfficiency), Double.toString(state.syncEfficiency));
        }

        @Override
        public MvaCalibration parse(List<String> fields, SingleWorkerBasis basis) {
            if (fields.size() != 2) {
                throw new IllegalArgumentException("an mva state has 2 fields, not " + fields.size());
            }
            return new MvaCalibration(Double.parseDouble(fields.get(0)), Double.parseDouble(fields.get(1)));
        }
    };

    /** The factor for a configuration of {@code architecture}. */
    double efficiency(Architecture architecture) {
        return architecture == Architecture.SYNC_PS ? syncEfficiency : asyncEfficiency;
    }

    /** Calibrates {@code basis} on {@code training}; refused when the basis's parameter bytes are unknown. */
    static Calibrated<MvaCalibration> fit(SingleWorkerBasis basis, TrainingSet training, MvaNetworks networks,
                                          boolean twoWorkerFit) {
        if (basis.parameterBytes().isEmpty()) {
            return new Calibrated.Refused<>("parameter bytes of model " + basis.model() + " are unknown"
                    + SingleWorkerBasis.PARAMETER_BYTES_FIX);
        }
        if (!twoWorkerFit) {
            return new Calibrated.Ready<>(new MvaCalibration(1.0, 1.0));
        }
        return new Calibrated.Ready<>(new MvaCalibration(
                twoWorker(basis, training, networks, Architecture.ASYNC_PS),
                twoWorker(basis, training, networks, Architecture.SYNC_PS)));
    }

    private static double twoWorker(SingleWorkerBasis basis, TrainingSet training, MvaNetworks networks,
                                    Architecture architecture) {
        String key = ModelNames.key(basis.model());
        Optional<Observation> two = training.observations().stream()
                .filter(o -> o.config().workers() == 2 && o.config().localBatch() == basis.localBatch())
                .filter(o -> ModelNames.key(o.config().model()).equals(key))
                .filter(o -> o.config().deployment().architecture() == architecture)
                .filter(o -> o.value(Target.STEP_TIME).isPresent())
                .findFirst();
        if (two.isEmpty()) {
            return 1.0;
        }
        Config c2 = two.get().config();
        double target = two.get().value(Target.STEP_TIME).getAsDouble();
        double lo = 0.01;
        double hi = 10;
        double fLo = networks.of(c2, basis, lo, 1).stepTimeS();
        double fHi = networks.of(c2, basis, hi, 1).stepTimeS();
        // Step time falls as the factor grows; no crossing means the transfers cannot explain the measurement.
        if (!(fLo >= target && fHi <= target)) {
            return 1.0;
        }
        for (int i = 0; i < 60; i++) {
            double mid = Math.sqrt(lo * hi);
            double f = networks.of(c2, basis, mid, 1).stepTimeS();
            if (f > target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return Math.sqrt(lo * hi);
    }
}
