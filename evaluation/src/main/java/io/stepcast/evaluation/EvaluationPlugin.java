package io.stepcast.evaluation;

import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.evaluation.engine.Engines;
import io.stepcast.evaluation.engine.LocalEngine;
import io.stepcast.evaluation.protocol.Protocols;
import io.stepcast.evaluation.suite.Reproductions;
import io.stepcast.models.selection.Selectors;

/**
 * The evaluation module's own contributions to the plugin registry: the built-in protocols ({@code kfold},
 * {@code logo}, {@code extrapolation}, {@code cross-hardware}, {@code profile-only}, {@code holdout},
 * {@code train-test}, each reading its own specs: {@link Protocols#builtIn}), the reproductions that read a run's
 * scored points or recordings ({@link Reproductions#builtIn}), the batch-size selectors {@code courier} and
 * {@code risk-aware} ({@link Selectors#builtIn}) and the {@code local} execution engine. The commands are the
 * application module's ({@code io.stepcast.app.ApplicationPlugin}). Registered like any plugin, so suites, the
 * CLI, {@code serve} and the Spark runner find a built-in protocol, reproduction, selector or engine through the
 * same registry as a third-party one, and a plugin that registers one of these names again fails at start-up
 * instead of silently replacing it.
 */
public final class EvaluationPlugin extends StepcastPlugin {
    /** The module name shown for this plugin. */
    public EvaluationPlugin() {
        super("evaluation");
    }

    @Override
    protected void registerAll() {
        Protocols.builtIn().forEach(this::protocol);
        Reproductions.builtIn().forEach(this::reproduction);
        Selectors.builtIn().forEach(this::selector);
        Engines.register(binder(), new LocalEngine());
    }
}
