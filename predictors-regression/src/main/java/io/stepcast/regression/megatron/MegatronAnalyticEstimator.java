package io.stepcast.regression.megatron;

import com.google.inject.Inject;
import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.EnumSet;
import java.util.Optional;

/**
 * {@code megatron-analytic}: the iteration time of a GPT trained with Megatron-LM's tensor, pipeline and data
 * parallelism from {@link MegatronCostModel}'s closed form (Shoeybi et al. 2019; Narayanan et al., SC'21), with
 * its eight {@link Efficiency} constants fitted on the training rows ({@link EfficiencyFit}). The collectives
 * and point-to-point transfers come from the hardware catalog's link and NIC figures and are not fitted, so a
 * fit on one node predicts layouts whose data and pipeline parallelism cross nodes (the system must have NIC
 * figures, e.g. {@code dgx-a100}).
 *
 * <p>Hyper-parameters: {@code overlap-dp} ({@code false}: the data-parallel all-reduce follows the pipeline
 * flush, as in Narayanan et al.'s schedule; {@code true}: it overlaps the last backward pass),
 * {@code efficiency} ({@code fit}, default: fit on the training rows with a layout and a step time;
 * {@code vtrain-a100}: {@link Efficiency#VTRAIN_A100}, nothing fitted). The zoo and the hardware catalog are
 * injected; without them fitting fails with that reason.
 */
public final class MegatronAnalyticEstimator extends AbstractEstimator {
    /** Registered name. */
    public static final String NAME = "megatron-analytic";
    static final String[] EFFICIENCIES = {"fit", "vtrain-a100"};

    private final Optional<ModelCatalog> zoo;
    private final Optional<HardwareCatalog> hardware;

    /** With the zoo and the hardware catalog bound by the datasets module, when there are. */
    @Inject
    public MegatronAnalyticEstimator(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> hardware) {
        this(zoo, hardware, HyperParameters.of("overlap-dp", "false", "efficiency", "fit"));
    }

    private MegatronAnalyticEstimator(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> hardware,
                                      HyperParameters params) {
        super(NAME, "Megatron-LM 3D parallelism in closed form: TP-split transformer FLOPs over fitted efficiencies, "
                + "TP/DP all-reduces and 1F1B pipeline from the hardware catalog (Shoeybi et al. 2019; Narayanan et al., "
                + "SC'21)", EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT), params);
        this.zoo = zoo;
        this.hardware = hardware;
        params.flag("overlap-dp");
        params.choice("efficiency", EFFICIENCIES);
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new MegatronAnalyticEstimator(zoo, hardware, params);
    }

    @Override
    public Predictor fit(TrainingSet training) {
        MegatronJobs jobs = MegatronFit.jobs(NAME, zoo, hardware);
        boolean overlap = params().flag("overlap-dp");
        Efficiency e = params().choice("efficiency", EFFICIENCIES).equals("fit")
                ? MegatronFit.efficiency(NAME, jobs, training, overlap)
                : Efficiency.VTRAIN_A100;
        return new MegatronPredictor(jobs, e, overlap, Method.ANALYTIC, Provenance.of(this, training, 0));
    }
}
