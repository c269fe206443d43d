package io.stepcast.profiler.tensorflow;

import io.stepcast.api.Validate;
import org.tensorflow.proto.ConfigProto;

/**
 * The thread pools of a TensorFlow session: {@code intra} threads inside one op (the oneDNN kernels'
 * parallelism) and {@code inter} ops run concurrently. Each session gets its own pools
 * ({@code use_per_session_threads}), so the settings of one recording never leak into the next.
 *
 * @param intra intra-op threads, at least 1
 * @param inter inter-op threads, at least 1
 */
public record SessionThreads(int intra, int inter) {
    public SessionThreads {
        Validate.positive(intra, "intra-threads");
        Validate.positive(inter, "inter-threads");
    }

    /** The session configuration. */
    ConfigProto config() {
        return ConfigProto.newBuilder()
                .setIntraOpParallelismThreads(intra)
                .setInterOpParallelismThreads(inter)
                .setUsePerSessionThreads(true)
                .build();
    }
}
