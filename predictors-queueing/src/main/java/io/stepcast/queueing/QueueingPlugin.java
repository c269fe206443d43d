package io.stepcast.queueing;

import com.google.inject.multibindings.OptionalBinder;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.queueing.cli.SimulateExtension;
import io.stepcast.queueing.mva.MvaCodec;
import io.stepcast.queueing.mva.MvaEstimator;
import io.stepcast.queueing.simulation.SimulationCodec;
import io.stepcast.queueing.simulation.SimulationEstimator;

/**
 * The {@code predictors-queueing} plugin: the {@code simulation} and {@code mva} estimators, the codecs of
 * their fitted predictors, and the {@code simulate} command. {@link ProfileSource} is declared optional so that
 * the plugin works whether or
 * not a module binds one.
 */
public final class QueueingPlugin extends StepcastPlugin {
    public QueueingPlugin() {
        super("predictors-queueing");
    }

    @Override
    protected void registerAll() {
        estimator(new SimulationEstimator());
        codec(SimulationEstimator.NAME, new SimulationCodec());
        estimator(new MvaEstimator());
        codec(MvaEstimator.NAME, new MvaCodec());
        OptionalBinder.newOptionalBinder(binder(), ProfileSource.class);
        command(SimulateExtension.class);
    }
}
