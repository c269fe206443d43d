package io.stepcast.analytic.megatron;

import com.google.inject.Inject;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.Optional;

/**
 * {@code megatron-simulation}: the iteration time of a GPT under Megatron-LM's tensor, pipeline and data
 * parallelism by simulating the 1F1B schedule stage by stage, or under the interleaved schedule model chunk by model
 * chunk ({@link PipelineSimulation} over {@link PipelineTerms}, {@link OneFOneB}; Narayanan et al., SC'21, sections
 * 2.2.1 and 2.2.2, figure 4), from the same per-layer compute,
 * tensor-parallel all-reduces, point-to-point and data-parallel terms as {@code megatron-analytic}
 * ({@link MegatronCostModel}). Where the closed form charges every one of the m + p - 1 slots at the slowest
 * stage and every slot two messages, the simulation times each stage by its own layers, embedding and output
 * layer, each boundary by its own link (NVLink inside a node, a NIC between nodes), and lets messages wait only
 * where the schedule waits for them.
 *
 * <p>The {@link Efficiency} constants are fitted on the training rows with the closed form
 * ({@link EfficiencyFit}; a simulation per row and loss evaluation would cost the fit a thousandfold) and then
 * used unchanged in the simulation. Hyper-parameters as {@link MegatronAnalyticEstimator}: {@code overlap-dp},
 * {@code efficiency} ({@code fit} or {@code vtrain-a100}).
 */
public final class MegatronSimulationEstimator extends MegatronEstimator {
    /** Registered name. */
    public static final String NAME = "megatron-simulation";

    /** With the zoo and the hardware catalog bound by the datasets module, when there are. */
    @Inject
    public MegatronSimulationEstimator(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> hardware) {
        this(new Catalogs(zoo, hardware), DEFAULTS);
    }

    private MegatronSimulationEstimator(Catalogs catalogs, HyperParameters params) {
        super(Method.SIMULATION, "Megatron-LM 3D parallelism simulated: the 1F1B schedule stage by stage "
                + "(micro-batches as events) over megatron-analytic's per-layer terms and the hardware catalog's links "
                + "(Narayanan et al., SC'21)", params, catalogs);
    }

    @Override
    protected Estimator with(Catalogs catalogs, HyperParameters params) {
        return new MegatronSimulationEstimator(catalogs, params);
    }
}
