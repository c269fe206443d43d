package io.stepcast.spark;

import io.stepcast.api.Estimator;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.StepcastPlugin;

import java.util.Map;
import java.util.Set;

/**
 * A test plugin (listed in the test resources' services file, so every executor JVM finds it too) with the
 * estimator {@code synthetic-throws}, whose tasks throw before any fit: the engine must report the task and go on.
 */
public final class ThrowingPlugin extends StepcastPlugin {
    /** The plugin. */
    public ThrowingPlugin() {
        super("runner-spark-tests");
    }

    @Override
    protected void registerAll() {
        estimator(new Throws());
    }

    /** Throws from {@link #targets()}, which the scorer asks outside its fit guard. */
    static final class Throws implements Estimator {
        @Override
        public String name() {
            return "synthetic-throws";
        }

        @Override
        public String description() {
            return "synthetic test estimator that throws";
        }

        @Override
        public Set<Target> targets() {
            throw new IllegalStateException("synthetic failure");
        }

        @Override
        public Map<String, String> hyperParameters() {
            return Map.of();
        }

        @Override
        public Estimator withHyperParameters(Map<String, String> overrides) {
            return this;
        }

        @Override
        public Predictor fit(TrainingSet training) {
            throw new IllegalStateException("synthetic failure");
        }
    }
}
