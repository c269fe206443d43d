package io.stepcast.analytic.allreduce;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * allreduce-analytic on synchronous parameter-server rows of the synthetic cluster (synthetic figures, not a real
 * device): a file mixing them with all-reduce rows gets an answer for each, from groups fitted apart.
 */
class AllreduceAnalyticParameterServerTest {
    private static final long BYTES = 100_000_000L;

    private static Config ps(int workers, int nodes, int servers, int batch) {
        return Config.builder().model("m").framework("tensorflow").parameterBytes(BYTES)
                .architecture(Architecture.SYNC_PS).parameterServers(servers).colocatedPs(true)
                .workers(workers).nodes(nodes).hardware(SyntheticCluster.SYSTEM).localBatch(batch).build();
    }

    /** Synthetic single-GPU steps: 20 ms fixed and 1 ms per sample (with the server's copies inside the node). */
    private static double single(int batch) {
        return 0.02 + 0.001 * batch;
    }

    private static Predictor fitted() {
        List<Observation> rows = new ArrayList<>();
        for (int b : new int[] {16, 64}) {
            rows.add(SyntheticCluster.row(ps(1, 1, 1, b), single(b)));
            // All-reduce rows of the same model, slower per sample: a group of their own.
            rows.add(SyntheticCluster.row(SyntheticCluster.config("m", BYTES, 1, 1, b), 2 * single(b)));
        }
        return new AllreduceAnalyticEstimator(Optional.of(SyntheticCluster.catalog()), Optional.empty())
                .fit(TrainingSet.of("synthetic PS and all-reduce rows", rows));
    }

    private static double predict(Predictor p, Config c) {
        return ((Prediction.Value) p.predict(c, Target.STEP_TIME)).value();
    }

    @Test
    void insideOneNodeTheSingleGpuStepHoldsTheCopies() {
        Predictor p = fitted();
        assertThat(predict(p, ps(4, 1, 1, 32))).isCloseTo(single(32), within(1e-12));
        assertThat(predict(p, SyntheticCluster.config("m", BYTES, 1, 1, 32))).isCloseTo(2 * single(32), within(1e-12));
    }

    @Test
    void acrossNodesEachHostPushesAndPullsTheOtherHostsShares() {
        Predictor p = fitted();
        // The synthetic NIC: 8 Gbit/s (1e9 bytes/s), 10 us. Two hosts with a shard each: half the bytes each way.
        double comm = 2 * (10e-6 + 0.5 * BYTES / 1e9);
        double comp = single(32);
        double expected = comp + Math.max(0, comm - AllreduceAnalyticEstimator.DEFAULT_OVERLAP * comp);
        assertThat(predict(p, ps(8, 2, 2, 32))).isCloseTo(expected, within(1e-9));
        // Servers on hosts of their own: every worker host moves all the bytes, and one server serves two hosts.
        Config dedicated = Config.builder().model("m").framework("tensorflow").parameterBytes(BYTES)
                .architecture(Architecture.SYNC_PS).parameterServers(1).colocatedPs(false)
                .workers(8).nodes(2).hardware(SyntheticCluster.SYSTEM).localBatch(32).build();
        double commDedicated = 2 * (10e-6 + 2.0 * BYTES / 1e9);
        assertThat(predict(p, dedicated)).isCloseTo(
                comp + Math.max(0, commDedicated - AllreduceAnalyticEstimator.DEFAULT_OVERLAP * comp), within(1e-9));
    }

    @Test
    void asynchronousServersAreLeftToTheQueueingPredictors() {
        Config async = Config.builder().model("m").framework("tensorflow").parameterBytes(BYTES)
                .architecture(Architecture.ASYNC_PS).parameterServers(1).colocatedPs(true)
                .workers(4).nodes(1).hardware(SyntheticCluster.SYSTEM).localBatch(32).build();
        assertThat(fitted().predict(async, Target.STEP_TIME)).isInstanceOf(Prediction.NotApplicable.class)
                .asString().contains("mva and simulation");
    }
}
