package io.stepcast.spark;

import io.stepcast.evaluation.engine.EngineOptions;
import io.stepcast.evaluation.engine.ExecutionEngine;
import io.stepcast.evaluation.engine.TaskSet;
import io.stepcast.evaluation.engine.Tasks;
import io.stepcast.evaluation.suite.ProgressListener;
import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.collective.Placement;
import io.stepcast.datasets.parquet.PredictionFiles;
import io.stepcast.datasets.parquet.PredictionRow;
import org.apache.spark.Success$;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import scala.Tuple2;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.stream.IntStream;

/**
 * Engine {@code spark}: each task of the set is one Spark task (one partition per task, so Spark schedules,
 * retries and reports each on its own). What travels is the set's recipe ({@link ShippedTasks}, broadcast) and
 * the task index; each executor builds the same tasks from the recipe with its own plugins, and sends back
 * the task's description and encoded result ({@link Tasks#runToEnvelope}). The driver checks each
 * description against its own task and decodes the results in task order, so they equal the in-process ones
 * bit for bit. A lost executor's tasks are run again by Spark ({@code spark.task.maxFailures}).
 */
public final class SparkEngine implements ExecutionEngine {
    /** The engine's name. */
    public static final String NAME = "spark";

    private final SparkSessions sessions;

    /** The engine, with sessions configured by {@link SparkSessions}. */
    public SparkEngine() {
        this(new SparkSessions());
    }

    SparkEngine(SparkSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public <R> List<R> run(TaskSet<R> tasks, EngineOptions options, ProgressListener progress) {
        if (tasks.source().isEmpty()) {
            throw new IllegalArgumentException("this run cannot be shipped to Spark (its tasks have no recipe); "
                    + "use --engine local");
        }
        if (tasks.size() == 0) {
            return List.of();
        }
        try (JavaSparkContext sc = sessions.open(options.master())) {
            sc.sc().addSparkListener(new Progress(tasks, progress));
            Broadcast<ShippedTasks> shipped = sc.broadcast(new ShippedTasks(tasks.source().get(), options.hardwareFile(),
                    tasks));
            List<Integer> indices = IntStream.range(0, tasks.size()).boxed().toList();
            List<Tuple2<Integer, byte[]>> envelopes = sc.parallelize(indices, tasks.size())
                    .map(i -> new Tuple2<>(i, shipped.value().run(i))).collect();
            List<R> out = new ArrayList<>(tasks.size());
            for (int i = 0; i < tasks.size(); i++) {
                Tuple2<Integer, byte[]> e = envelopes.get(i);
                if (e._1() != i) {
                    throw new IllegalStateException("Spark returned task " + e._1() + " in place " + i);
                }
                out.add(Tasks.fromEnvelope(tasks, i, e._2()));
            }
            return out;
        }
    }

    /**
     * Writes {@code predictions.parquet} through Spark's DataFrame writer, with the columns, types and
     * required columns of {@link PredictionFiles#SCHEMA}. Spark's writer keeps its own footer metadata, so the
     * file lacks the {@code stepcast.schema} key that the datasets module's writer adds.
     */
    @Override
    public long writePredictions(Path file, List<PredictionRow> rows, EngineOptions options) throws IOException {
        StructType schema = SparkParquet.structOf(PredictionFiles.SCHEMA);
        List<Row> out = rows.stream().map(SparkEngine::row).toList();
        try (JavaSparkContext sc = sessions.open(options.master())) {
            return SparkParquet.write(sc, file, schema, out);
        }
    }

    /** A prediction row in the order of {@link PredictionFiles#SCHEMA}'s columns. */
    static Row row(PredictionRow r) {
        Config c = r.config();
        return RowFactory.create(r.dataset(), r.protocol(), r.split(), r.predictor(), r.target(),
                c.workload().model(), c.workload().framework(), c.workload().dataset(),
                boxed(c.workload().parameterBytes()), c.deployment().architecture().name(), c.deployment().workers(),
                c.deployment().parameterServers(), c.deployment().nodes(), c.deployment().devicesPerWorker(),
                c.deployment().tenants(), c.deployment().colocatedPs(), boxed(c.deployment().bandwidthGbps()),
                c.deployment().hardware(), c.localBatch(), c.globalBatch(), boxed(c.deployment().intraNodeGbps()),
                layout(c, ParallelLayout::tensor), layout(c, ParallelLayout::pipeline), layout(c, ParallelLayout::data),
                layout(c, ParallelLayout::microBatch), layout(c, ParallelLayout::microBatches),
                layout(c, ParallelLayout::virtualStages),
                c.deployment().parallel().map(ParallelLayout::sequenceParallel).orElse(null),
                c.deployment().parallel().map(p -> p.recompute().label()).orElse(null),
                c.deployment().parallel().map(p -> p.precision().label()).orElse(null),
                c.deployment().placement().map(Placement::label).orElse(null),
                c.deployment().parallel().map(ParallelLayout::distributedOptimizer).orElse(null),
                c.deployment().parallel().map(ParallelLayout::fullySharded).orElse(null),
                c.deployment().parallel().map(ParallelLayout::flashAttention).orElse(null),
                layout(c, ParallelLayout::context), layout(c, ParallelLayout::expert),
                c.deployment().parallel().map(ParallelLayout::expertOverlap).orElse(null),
                c.deployment().parallel().map(p -> boxed(p.expertCapacityFactor())).orElse(null),
                c.deployment().parallel().map(ParallelLayout::fusedKernels).orElse(null),
                c.deployment().parallel().map(p -> p.sharding().zeroStage()).orElse(null),
                c.deployment().parallel().map(ParallelLayout::overlapP2pComm).orElse(null),
                r.source(), r.replication(), Double.isFinite(r.measured()) ? r.measured() : null,
                boxed(r.predicted()), boxed(r.ape()), r.refusal(), r.role(),
                bound(r.interval(), PredictionRow.Interval::lower), bound(r.interval(), PredictionRow.Interval::upper),
                r.interval().map(i -> boxed(i.level())).orElse(null),
                bound(r.nativeInterval(), PredictionRow.Interval::lower),
                bound(r.nativeInterval(), PredictionRow.Interval::upper),
                r.nativeInterval().map(i -> boxed(i.level())).orElse(null),
                r.nativeInterval().map(i -> boxed(i.point())).orElse(null), boxed(r.peakMemoryBytes()),
                r.extrapolation().orElse(null));
    }

    private static Integer layout(Config c, java.util.function.ToIntFunction<ParallelLayout> field) {
        return c.deployment().parallel().map(field::applyAsInt).orElse(null);
    }

    private static Double bound(java.util.Optional<PredictionRow.Interval> interval,
                                java.util.function.ToDoubleFunction<PredictionRow.Interval> side) {
        return interval.map(side::applyAsDouble).orElse(null);
    }

    private static Long boxed(OptionalLong v) {
        return v.isPresent() ? v.getAsLong() : null;
    }

    private static Double boxed(OptionalDouble v) {
        return v.isPresent() ? v.getAsDouble() : null;
    }

    /** Tells the progress listener as each task succeeds for the first time (a retried task counts once). */
    private static final class Progress extends SparkListener {
        private final TaskSet<?> tasks;
        private final ProgressListener progress;
        private final BitSet done = new BitSet();

        Progress(TaskSet<?> tasks, ProgressListener progress) {
            this.tasks = tasks;
            this.progress = progress;
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            int i = end.taskInfo().index();
            if (end.reason() == Success$.MODULE$ && i < tasks.size()) {
                synchronized (progress) {
                    if (!done.get(i)) {
                        done.set(i);
                        progress.step(tasks.describe(i));
                    }
                }
            }
        }
    }
}
