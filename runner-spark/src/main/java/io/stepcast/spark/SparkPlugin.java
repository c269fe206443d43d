package io.stepcast.spark;

import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.evaluation.engine.Engines;

/**
 * The runner-spark plugin: registers the execution engine {@code spark} ({@link SparkEngine}), found by
 * {@code --engine spark} when this module is on the class path.
 */
public final class SparkPlugin extends StepcastPlugin {
    /** The plugin, named after its module. */
    public SparkPlugin() {
        super("runner-spark");
    }

    @Override
    protected void registerAll() {
        Engines.register(binder(), new SparkEngine());
    }
}
