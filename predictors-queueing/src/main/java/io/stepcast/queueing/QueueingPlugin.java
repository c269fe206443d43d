package io.stepcast.queueing;

import com.google.inject.multibindings.OptionalBinder;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.queueing.cli.SimulateExtension;
import io.stepcast.queueing.mva.MvaCodec;
import io.stepcast.queueing.mva.MvaEstimator;
import io.stepcast.queueing.simulation.SimulationCodec;
import io.stepcast.queueing.simulation.SimulationEstimator;

/**
 * The {@code predictors-queueing} plugin: the {@code simulation} and {@code mva} estimators, the codecs of
 * their fitted predictors, and the {@code simulate} command. {@link ProfileSource}, {@link HardwareCatalog}
 * (the simulation's all-reduce links) and {@link ModelCatalog} (the gradient bytes of bases read from one node's rows)
 * are declared optional so that the plugin works whether or not a module
 * binds them.
 */
public final class QueueingPlugin extends StepcastPlugin {
    public QueueingPlugin() {
        super("predictors-queueing");
    }

    @Override
    protected void registerAll() {
        OptionalBinder.newOptionalBinder(binder(), HardwareCatalog.class);
        OptionalBinder.newOptionalBinder(binder(), ModelCatalog.class);
        estimator(SimulationEstimator.NAME, SimulationEstimator.class);
        codec(SimulationEstimator.NAME, SimulationCodec.class);
        estimator(MvaEstimator.NAME, MvaEstimator.class);
        codec(MvaEstimator.NAME, MvaCodec.class);
        OptionalBinder.newOptionalBinder(binder(), ProfileSource.class);
        command(SimulateExtension.class);
    }
}
