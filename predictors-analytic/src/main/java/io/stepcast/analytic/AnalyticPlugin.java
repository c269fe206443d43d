package io.stepcast.analytic;

import com.google.inject.multibindings.OptionalBinder;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.analytic.megatron.MegatronAnalyticEstimator;
import io.stepcast.analytic.megatron.MegatronCodec;
import io.stepcast.analytic.megatron.MegatronSimulationEstimator;
import io.stepcast.analytic.megatron.PlanLlmExtension;
import io.stepcast.api.plugin.NamedCommandExtension;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.analytic.allreduce.AllreduceAnalyticCodec;
import io.stepcast.analytic.allreduce.AllreduceAnalyticEstimator;
import io.stepcast.analytic.allreduce.TopoPolluxEstimator;
import io.stepcast.analytic.allreduce.TopoPolluxForm;
import io.stepcast.analytic.cli.AnovaCommand;
import io.stepcast.analytic.codec.CoefficientsCodec;
import io.stepcast.analytic.codec.CourierOlsCodec;
import io.stepcast.analytic.collective.CollectiveAlphaBetaEstimator;
import io.stepcast.analytic.collective.CollectiveCatalogEstimator;
import io.stepcast.analytic.collective.CollectiveCodecs;
import io.stepcast.analytic.estimators.CourierOlsEstimator;
import io.stepcast.analytic.estimators.ErnestEstimator;
import io.stepcast.analytic.estimators.LinearScalingEstimator;
import io.stepcast.analytic.estimators.OptimusEstimator;
import io.stepcast.analytic.estimators.PolluxEstimator;
import io.stepcast.analytic.estimators.PolluxForm;
import io.stepcast.analytic.reproduction.CourierReproduction;
import io.stepcast.analytic.transfer.OverheadTransferCodec;
import io.stepcast.analytic.transfer.OverheadTransferEstimator;

/**
 * The {@code predictors-analytic} plugin: registers {@code linear-scaling}, {@code pollux},
 * {@code optimus}, {@code ernest} and {@code courier-ols} with a codec each, the collective predictors
 * {@code collective-alpha-beta} and {@code collective-catalog} (the latter reads the optional
 * {@link HardwareCatalog}), the all-reduce predictors {@code allreduce-analytic} and {@code pollux-topo} (the
 * hardware catalog and the optional {@link ModelCatalog}), the cross-hardware {@code overhead-transfer},
 * {@code megatron-analytic} and {@code megatron-simulation} with their codec (read the optional {@link ModelCatalog} and
 * {@link HardwareCatalog}), the
 * {@code anova} and {@code plan-llm} commands and the {@code courier} reproduction of the Courier paper's
 * figures. Listed in {@code META-INF/services/com.google.inject.Module}.
 */
public final class AnalyticPlugin extends StepcastPlugin {

    /** The plugin, named after its module. */
    public AnalyticPlugin() {
        super("predictors-analytic");
    }

    @Override
    protected void registerAll() {
        estimator(new LinearScalingEstimator());
        estimator(PolluxEstimator.NAME, PolluxEstimator.class);
        estimator(OptimusEstimator.NAME, OptimusEstimator.class);
        estimator(ErnestEstimator.NAME, ErnestEstimator.class);
        estimator(new CourierOlsEstimator());
        codec(LinearScalingEstimator.NAME, new CoefficientsCodec(LinearScalingEstimator.NAME, 1, LinearScalingEstimator::restore));
        codec(PolluxEstimator.NAME, new CoefficientsCodec(PolluxEstimator.NAME, PolluxForm.SIZE + 2, PolluxEstimator::restore));
        codec(OptimusEstimator.NAME, new CoefficientsCodec(OptimusEstimator.NAME, 5, OptimusEstimator::restore));
        codec(ErnestEstimator.NAME, new CoefficientsCodec(ErnestEstimator.NAME, 5, ErnestEstimator::restore));
        codec(CourierOlsEstimator.NAME, new CourierOlsCodec());
        OptionalBinder.newOptionalBinder(binder(), HardwareCatalog.class);
        estimator(CollectiveAlphaBetaEstimator.NAME, CollectiveAlphaBetaEstimator.class);
        estimator(CollectiveCatalogEstimator.NAME, CollectiveCatalogEstimator.class);
        codec(CollectiveAlphaBetaEstimator.NAME, CollectiveCodecs.AlphaBeta.class);
        codec(CollectiveCatalogEstimator.NAME, CollectiveCodecs.Catalog.class);
        OptionalBinder.newOptionalBinder(binder(), ModelCatalog.class);
        estimator(MegatronAnalyticEstimator.NAME, MegatronAnalyticEstimator.class);
        estimator(MegatronSimulationEstimator.NAME, MegatronSimulationEstimator.class);
        codec(MegatronAnalyticEstimator.NAME, MegatronCodec.class);
        codec(MegatronSimulationEstimator.NAME, MegatronCodec.class);
        estimator(AllreduceAnalyticEstimator.NAME, AllreduceAnalyticEstimator.class);
        estimator(TopoPolluxEstimator.NAME, TopoPolluxEstimator.class);
        estimator(OverheadTransferEstimator.NAME, OverheadTransferEstimator.class);
        codec(AllreduceAnalyticEstimator.NAME, AllreduceAnalyticCodec.class);
        codec(OverheadTransferEstimator.NAME, OverheadTransferCodec.class);
        codec(TopoPolluxEstimator.NAME, new CoefficientsCodec(TopoPolluxEstimator.NAME, TopoPolluxForm.SIZE + 2,
                TopoPolluxEstimator::restore));
        command(new NamedCommandExtension("anova", registry -> new AnovaCommand()));
        reproduction(CourierReproduction.NAME, new CourierReproduction());
        OptionalBinder.newOptionalBinder(binder(), ObservationCatalog.class);
        command(PlanLlmExtension.class);
    }
}
