package io.stepcast.analytic.megatron;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.analytic.estimators.CatalogEstimator;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/** What {@code megatron-analytic} and {@code megatron-simulation} share in fitting: the catalogs and the rows. */
final class MegatronFit {
    /** Fewer rows than fitted constants would not determine them. */
    static final int MIN_ROWS = 8;

    private MegatronFit() {
    }

    /** The resolver over the injected catalogs, or a {@link CannotFitException} naming the one missing. */
    static MegatronJobs jobs(String estimator, CatalogEstimator.Catalogs catalogs) {
        return jobs(estimator, catalogs, KernelLaunch.HOST_S);
    }

    /** As {@link #jobs(String, CatalogEstimator.Catalogs)}, with {@code launchS} host seconds per MoE kernel launch. */
    static MegatronJobs jobs(String estimator, CatalogEstimator.Catalogs catalogs, double launchS) {
        ModelCatalog zoo = catalogs.requireZoo(estimator);
        return new MegatronJobs(zoo, catalogs.requireHardware(estimator), launchS);
    }

    /**
     * The catalogued devices of the training rows {@code jobs} can cost: the GPUs the constants are fitted on, whose
     * measured matmul share {@link MatmulCarry} carries them from.
     */
    static Set<DeviceSpec> devices(MegatronJobs jobs, TrainingSet training) {
        Set<DeviceSpec> out = new LinkedHashSet<>();
        for (Observation o : training.observations()) {
            if (o.value(Target.STEP_TIME).isPresent() && jobs.terms(o.config()).terms().isPresent()) {
                jobs.device(o.config()).ifPresent(out::add);
            }
        }
        return out;
    }

    /** The training rows with a step time that {@code method} can cost. */
    static List<EfficiencyFit.Row> rows(MegatronJobs jobs, TrainingSet training, Method method) {
        List<EfficiencyFit.Row> rows = new ArrayList<>();
        for (Observation o : training.observations()) {
            OptionalDouble y = o.value(Target.STEP_TIME);
            MegatronJobs.Either t = jobs.terms(o.config(), method);
            if (y.isPresent() && t.terms().isPresent()) {
                rows.add(new EfficiencyFit.Row(t.terms().get(), y.getAsDouble()));
            }
        }
        return rows;
    }

    /**
     * How many transformer rows with a step time the closed form refused, and the first one's reason, so that a fit
     * short of rows says why rows a user expected to count did not ({@code ; 1 transformer row refused: ...}); empty
     * when none was (rows of other models, or without a step time, are not the user's surprise).
     */
    private static String refused(MegatronJobs jobs, TrainingSet training) {
        List<String> reasons = new ArrayList<>();
        for (Observation o : training.observations()) {
            if (o.value(Target.STEP_TIME).isPresent() && jobs.transformer(o.config())) {
                MegatronJobs.Either t = jobs.terms(o.config(), Method.ANALYTIC);
                if (t.terms().isEmpty()) {
                    reasons.add(t.refusal().reason());
                }
            }
        }
        return reasons.isEmpty() ? "" : "; " + reasons.size() + " transformer row" + (reasons.size() == 1 ? " was"
                : "s were") + " refused, the first: " + reasons.get(0);
    }

    /**
     * The closed form's constants fitted on {@code training} ({@link EfficiencyFit}), those the rows do not determine
     * held at {@link Efficiency#VTRAIN_A100}.
     */
    static EfficiencyFit.Fitted efficiency(String estimator, MegatronJobs jobs, TrainingSet training, boolean overlap) {
        List<EfficiencyFit.Row> rows = rows(jobs, training, Method.ANALYTIC);
        if (rows.size() < MIN_ROWS) {
            throw new CannotFitException(estimator + " needs at least " + MIN_ROWS + " transformer rows with a step"
                    + " time on a catalogued system, found " + rows.size() + refused(jobs, training));
        }
        return EfficiencyFit.fit(rows, overlap, Efficiency.VTRAIN_A100);
    }
}
