package io.stepcast.analytic.megatron;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.PeakMemory;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.analytic.estimators.CatalogEstimator;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * What {@code megatron-analytic} and {@code megatron-simulation} share: the zoo and the hardware catalog, the
 * hyper-parameters {@code overlap-dp}, {@code efficiency} and {@code launch-us} (host microseconds per kernel a
 * mixture-of-experts layer launches beyond a dense layer's; by default the measured {@link KernelLaunch#HOST_S}, 0
 * leaves those launches out), and the fit (the closed form's {@link Efficiency}
 * constants on the training rows, {@link MegatronFit}), which differ only by how the predictor times an
 * iteration ({@link Method}). The peak memory per GPU is the cost model's closed form, which no fit changes: the
 * estimator answers it as its predictors do ({@link PeakMemory}), so that it can be scored without a time to fit on.
 */
abstract class MegatronEstimator extends CatalogEstimator implements PeakMemory {
    /** The values of {@code efficiency}: fit on the training rows, or {@link Efficiency#VTRAIN_A100}. */
    static final List<String> EFFICIENCIES = List.of("fit", "vtrain-a100");
    /** The training-set id of a predictor with {@link Efficiency#VTRAIN_A100}, fitted on none of the rows given. */
    static final String PUBLISHED_CONSTANTS = "vtrain-a100 constants (Bang et al., MICRO 2024; none of the rows given)";
    /** The provenance entry naming the constants a fit held at their start (not a hyper-parameter one sets). */
    static final String HELD = "held-at-vtrain-a100";
    /** The hyper-parameters' defaults. */
    static final HyperParameters DEFAULTS = HyperParameters.of("overlap-dp", "false", "efficiency", "fit",
            "launch-us", KernelLaunch.MICROSECONDS, "carry", "none");

    private final Method method;

    MegatronEstimator(Method method, String description, HyperParameters params, Catalogs catalogs) {
        super(method.estimator(), description, EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT), params, catalogs);
        this.method = method;
        params.flag("overlap-dp");
        params.choice("efficiency", EFFICIENCIES);
        launchSeconds(params);
        carry(params);
    }

    /**
     * The value of hyper-parameter {@code carry} ({@link MatmulCarry#CHOICES}); a model saved before the
     * hyper-parameter existed carried nothing.
     */
    static String carry(HyperParameters params) {
        return params.values().containsKey("carry") ? params.choice("carry", MatmulCarry.CHOICES) : "none";
    }

    /**
     * The host seconds per MoE kernel launch of hyper-parameter {@code launch-us}, or an error naming it; a model saved
     * before the hyper-parameter existed has the measured default.
     */
    static double launchSeconds(HyperParameters params) {
        double us = params.values().containsKey("launch-us") ? params.real("launch-us")
                : Double.parseDouble(KernelLaunch.MICROSECONDS);
        if (!(us >= 0)) {
            throw new IllegalArgumentException("hyper-parameter 'launch-us' must be at least 0, was " + us);
        }
        return us / 1e6;
    }

    @Override
    public final Predictor fit(TrainingSet training) {
        MegatronJobs jobs = MegatronFit.jobs(name(), catalogs(), launchSeconds(params()));
        boolean overlap = params().flag("overlap-dp");
        String carry = carry(params());
        if (params().choice("efficiency", EFFICIENCIES).equals("fit")) {
            // Fitted on the rows' own peaks; carried to other GPUs only when predicting (MatmulCarry).
            EfficiencyFit.Fitted fitted = MegatronFit.efficiency(name(), jobs, training, overlap);
            MatmulCarry from = MatmulCarry.fittedOn(carry, MegatronFit.devices(jobs, training));
            return new MegatronPredictor(jobs.carried(from), fitted.constants(), overlap, method,
                    heldIn(Provenance.of(this, training, 0), fitted));
        }
        // The published constants take nothing from the rows given: the provenance says so rather than count them.
        MatmulCarry from = MatmulCarry.vtrain(carry, catalogs().requireHardware(name()));
        return new MegatronPredictor(jobs.carried(from), Efficiency.VTRAIN_A100, overlap, method,
                Provenance.of(this, TrainingSet.of(PUBLISHED_CONSTANTS, List.of()), 0));
    }

    /**
     * {@code provenance} saying, as {@value #HELD}, which constants the rows did not determine and the fit held at
     * {@link Efficiency#VTRAIN_A100}'s values (those not named were fitted), as {@code pooled} says how a grouped fit
     * pooled.
     */
    private static Provenance heldIn(Provenance provenance, EfficiencyFit.Fitted fitted) {
        Map<String, String> hp = new TreeMap<>(provenance.hyperParameters());
        hp.put(HELD, fitted.held());
        return new Provenance(provenance.estimator(), hp, provenance.trainingSetId(), provenance.trainingChecksum(),
                provenance.trainingSize(), provenance.seed(), provenance.versions());
    }

    /**
     * With {@code efficiency=vtrain-a100}: the closed form's constants fitted on vTrain's single-node A100 runs
     * ({@link Efficiency#VTRAIN_A100}), which {@code plan-llm} ranks layouts with, needing no transformer row.
     */
    @Override
    public final Optional<Estimator> withPublishedConstants() {
        return Optional.of(withHyperParameters(Map.of("efficiency", "vtrain-a100")));
    }

    /** The layout is what these predictors cost: every term follows from it. */
    @Override
    public final boolean readsParallelLayout() {
        return true;
    }

    /** The peak memory per GPU every predictor of this estimator reports; empty without the catalogs. */
    @Override
    public final OptionalDouble peakMemoryBytes(Config config) {
        if (catalogs().zoo().isEmpty() || catalogs().hardware().isEmpty()) {
            return OptionalDouble.empty();
        }
        return MegatronFit.jobs(name(), catalogs()).peakMemoryBytes(config);
    }
}
