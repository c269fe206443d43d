package io.stepcast.queueing.fit;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.models.predictor.AbstractPredictor;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A fitted queueing predictor ({@code mva}, {@code simulation}): it holds only its {@link BasisTable} (what
 * {@link BasisTableCodec} saves) and its provenance, answers step time and throughput, and starts every prediction
 * from the calibrated basis of the configuration's model ({@link #basisOf}), refusing with the same reasons whichever
 * model it runs. Subclasses model the rest. Immutable.
 *
 * @param <S> the predictor's calibrated state
 */
public abstract class BasisTablePredictor<S> extends AbstractPredictor {
    private final BasisTable<S> bases;

    /**
     * @param bases      the bases calibrated when the estimator fitted
     * @param provenance how it was fitted
     */
    protected BasisTablePredictor(BasisTable<S> bases, Provenance provenance) {
        super(provenance);
        this.bases = bases;
    }

    /**
     * What a prediction of {@code config} starts from: the basis of its model ({@link BasisTable#find}) with its
     * calibrated state, or why there is none (the model has no basis, none at its precision, or its basis was refused
     * when fitting).
     */
    protected final Calibrated<ReadyBasis<S>> basisOf(Config config) {
        Optional<String> precision = bases.precisionMismatch(config);
        if (precision.isPresent()) {
            return new Calibrated.Refused<>(precision.get());
        }
        Optional<CalibratedBasis<S>> found = bases.find(config);
        if (found.isEmpty()) {
            return new Calibrated.Refused<>("no profile and no single-worker observation of model " + config.model());
        }
        if (found.get().calibration() instanceof Calibrated.Refused<S> refused) {
            return new Calibrated.Refused<>(refused.reason());
        }
        Optional<String> otherBytes = otherParameterBytes(config, found.get().basis());
        if (otherBytes.isPresent()) {
            return new Calibrated.Refused<>(otherBytes.get());
        }
        S state = ((Calibrated.Ready<S>) found.get().calibration()).state();
        return new Calibrated.Ready<>(new ReadyBasis<>(found.get().basis(), state));
    }

    /**
     * Why a configuration that states other gradient bytes than its basis cannot be answered from it: the exchange
     * was calibrated on the basis's bytes, and an answer would silently price those (a what-if of a model ten times
     * the size came back unchanged). The row's bytes may be the zoo's, filled in by {@code predict} and
     * {@code serve} where the row leaves them blank and the model file keeps no training figure of the model (one
     * saved before version 3): a model named as a zoo model but sized otherwise in its training rows then differs too,
     * and the reason says how to state it. Within 1%, the two are one figure written twice.
     */
    private Optional<String> otherParameterBytes(Config config, SingleWorkerBasis basis) {
        OptionalLong stated = config.workload().parameterBytes();
        OptionalLong calibrated = basis.parameterBytes();
        if (stated.isEmpty() || calibrated.isEmpty()
                || Math.abs(stated.getAsLong() - calibrated.getAsLong()) <= 0.01 * calibrated.getAsLong()) {
            return Optional.empty();
        }
        return Optional.of(provenance().estimator() + " calibrated " + config.model() + "'s exchange on the "
                + calibrated.getAsLong() + " gradient bytes of its training rows, and this row's parameter_bytes are "
                + stated.getAsLong() + " (stated, or the zoo's where the row leaves the column blank): it does not"
                + " price other bytes (parameter_bytes " + calibrated.getAsLong() + " in the row if it is the trained"
                + " model; training rows stating " + stated.getAsLong() + " would price those; allreduce-analytic"
                + " prices the row's own)");
    }

    /**
     * The machines the single-worker bases of {@code model} were measured on, sorted, for a refusal that names
     * every one of them rather than the basis it happened to choose.
     */
    protected final List<String> machinesOf(String model) {
        String key = ModelNames.key(model);
        return bases.entries().stream().map(CalibratedBasis::basis)
                .filter(b -> ModelNames.key(b.model()).equals(key) && !b.hardware().equals(SingleWorkerBasis.UNKNOWN))
                .map(SingleWorkerBasis::hardware).distinct().sorted().toList();
    }

    /** Its calibrated bases (for its codec). */
    public final BasisTable<S> bases() {
        return bases;
    }

    @Override
    public final Set<Target> targets() {
        return Set.of(Target.STEP_TIME, Target.THROUGHPUT);
    }

    /**
     * A basis whose calibration succeeded, with its calibrated state.
     *
     * @param basis the basis (a profile, or a measured single-worker step)
     * @param state what fitting calibrated from it
     * @param <S>   the predictor's calibrated state
     */
    public record ReadyBasis<S>(SingleWorkerBasis basis, S state) {
    }
}
