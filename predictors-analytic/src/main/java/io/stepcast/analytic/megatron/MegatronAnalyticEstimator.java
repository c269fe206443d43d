package io.stepcast.analytic.megatron;

import com.google.inject.Inject;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;

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
public final class MegatronAnalyticEstimator extends MegatronEstimator {
    /** Registered name. */
    public static final String NAME = "megatron-analytic";

    /** With the zoo and the hardware catalog bound by the datasets module, when there are. */
    @Inject
    public MegatronAnalyticEstimator(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> hardware) {
        this(new Catalogs(zoo, hardware), DEFAULTS);
    }

    private MegatronAnalyticEstimator(Catalogs catalogs, HyperParameters params) {
        super(Method.ANALYTIC, "Megatron-LM 3D parallelism in closed form: TP-split transformer FLOPs over fitted "
                + "efficiencies, TP/DP all-reduces and 1F1B pipeline from the hardware catalog (Shoeybi et al. 2019; "
                + "Narayanan et al., SC'21)", params, catalogs);
    }

    @Override
    protected Estimator with(Catalogs catalogs, HyperParameters params) {
        return new MegatronAnalyticEstimator(catalogs, params);
    }
}
