package io.stepcast.queueing.fit;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;

import java.util.List;

/**
 * Whether the workers of one host talk to the parameter servers as one client (hyper-parameter
 * {@code aggregation}: {@code worker}, {@code host} or {@code auto}). {@code auto} (our choice) aggregates
 * per host for synchronous parameter-server jobs with several workers per host, as TensorFlow's
 * {@code distributed_replicated} mode does: it averages the gradients of a machine's GPUs before sending
 * one copy to the servers, and reads each updated variable once into the machine's CPU before copying it to
 * every GPU ({@code VariableMgrDistributedReplicated} in {@code tf_cnn_benchmarks}).
 */
public final class Aggregation {
    private Aggregation() {
    }

    /** The declared values. */
    public static final List<String> VALUES = List.of("auto", "worker", "host");

    /** True when the hosts of {@code config} aggregate under the hyper-parameters. */
    public static boolean perHost(HyperParameters hp, Config config) {
        String v = hp.choice("aggregation", VALUES);
        return switch (v) {
            case "host" -> true;
            case "worker" -> false;
            default -> config.deployment().architecture() == Architecture.SYNC_PS
                    && config.workers() > config.deployment().nodes();
        };
    }
}
