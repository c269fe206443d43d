package io.stepcast.spark;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.StepcastPlugin;

import java.util.Map;
import java.util.Set;

/**
 * A test plugin (listed in the test resources' services file, so every executor JVM finds it too) with the
 * estimator {@code synthetic-throws}, whose tasks throw before any fit: the engine must report the task and go on;
 * {@code synthetic-lost-executor}, which ends its executor once; and {@code synthetic-native-range}
 * ({@link NativeRange}), whose points carry an interval of their own.
 */
public final class ThrowingPlugin extends StepcastPlugin {
    /** The plugin. */
    public ThrowingPlugin() {
        super("runner-spark-tests");
    }

    @Override
    protected void registerAll() {
        for (io.stepcast.api.Estimator e : java.util.List.of(new Throws(), new KillsItsExecutor(), new NativeRange())) {
            estimator(e);
            notPersistable(e.name(), "a test fixture of the engine, never saved");
        }
    }

    /** A synthetic estimator without hyper-parameters that never fits (its points are not applicable). */
    static class NeverFits extends AbstractEstimator {
        NeverFits(String name, String description) {
            super(name, description, Set.of(Target.RESPONSE_TIME, Target.THROUGHPUT), HyperParameters.of());
        }

        @Override
        protected Estimator copyWith(HyperParameters params) {
            return this;
        }

        @Override
        public Predictor fit(TrainingSet training) {
            throw new CannotFitException("synthetic: never fits");
        }
    }

    /**
     * Never fits (a not-applicable predictor, on every engine), but the first attempt of its first task on a
     * Spark executor JVM (not the driver, so never in-process or in local mode) ends that JVM, as a lost node
     * would: Spark must run the task again elsewhere and the results stay the same.
     */
    static final class KillsItsExecutor extends NeverFits {
        /**
         * The task index of this estimator's first task in small-suite.yaml: the fifth predictor of the first
         * dataset, three folds each.
         */
        static final int FIRST_TASK = 4 * 3;

        KillsItsExecutor() {
            super("synthetic-lost-executor", "synthetic test estimator that ends its executor once");
        }

        @Override
        public Predictor fit(TrainingSet training) {
            org.apache.spark.TaskContext task = org.apache.spark.TaskContext.get();
            if (task != null && task.attemptNumber() == 0 && task.partitionId() == FIRST_TASK
                    && !"driver".equals(org.apache.spark.SparkEnv.get().executorId())) {
                Runtime.getRuntime().halt(3);
            }
            return super.fit(training);
        }
    }

    /**
     * Throws from {@link #targets()}, which the scorer asks outside its fit guard, and from its fit; its name,
     * description and (no) hyper-parameters are a {@link NeverFits}'s.
     */
    static final class Throws implements Estimator {
        private final Estimator named = new NeverFits("synthetic-throws", "synthetic test estimator that throws");

        @Override
        public String name() {
            return named.name();
        }

        @Override
        public String description() {
            return named.description();
        }

        @Override
        public Set<Target> targets() {
            throw new IllegalStateException("synthetic failure");
        }

        @Override
        public Map<String, String> hyperParameters() {
            return named.hyperParameters();
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
