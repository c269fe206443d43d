package io.stepcast.queueing.fit;

import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Send;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A coarse profile for a model known only by its single-worker step time and parameter bytes (our choice,
 * used when the training set has no profile of the model): the parameters split into {@value #CHUNKS} equal
 * tensors; forward op {@code i} (a third of the step over the chunks) requires chunks {@code 0..i}; backward
 * ops (two thirds) in reverse order release the gradient of their chunk. It keeps the overlap of transfers
 * with computation that a single tensor would hide, without pretending to know the layers.
 */
public final class CoarseProfiles {
    /** Number of parameter chunks. */
    public static final int CHUNKS = 8;

    private CoarseProfiles() {
    }

    /** The coarse profile of {@code model}. */
    public static Profile of(String model, int localBatch, double stepTimeS, long parameterBytes) {
        List<ParameterTensor> params = new ArrayList<>();
        long left = parameterBytes;
        for (int i = 0; i < CHUNKS; i++) {
            long b = i == CHUNKS - 1 ? left : parameterBytes / CHUNKS;
            left -= b;
            params.add(new ParameterTensor("parameters/part" + i, b));
        }
        double stepUs = stepTimeS * 1e6;
        double fwd = stepUs / 3 / CHUNKS;
        double bwd = 2 * stepUs / 3 / CHUNKS;
        List<ComputeOp> ops = new ArrayList<>();
        List<Send> sends = new ArrayList<>();
        Set<String> req = new LinkedHashSet<>();
        double clock = 0;
        for (int i = 0; i < CHUNKS; i++) {
            req.add(params.get(i).name());
            ops.add(new ComputeOp("forward" + i, "coarse", 0, clock, fwd, Set.copyOf(req)));
            clock += fwd;
        }
        for (int i = CHUNKS - 1; i >= 0; i--) {
            ops.add(new ComputeOp("backward" + i, "coarse", 0, clock, bwd, Set.copyOf(req)));
            clock += bwd;
            sends.add(new Send(params.get(i).name(), params.get(i).bytes(), "backward" + i, clock, clock));
        }
        return new Profile(model, localBatch, stepUs, params, List.of(), ops, sends,
                "synthesised:coarse-" + CHUNKS + "-chunks");
    }
}
