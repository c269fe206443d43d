package io.stepcast.queueing;

import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Receive;
import io.stepcast.api.profile.Send;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Hand-made, synthetic single-worker profiles for the unit tests of the mechanics (not real data). */
public final class SyntheticProfiles {
    private SyntheticProfiles() {
    }

    /** Bytes of tensor {@code i}: {@code base}, twice or three times it, in turn, so that sizes vary. */
    public static long size(long base, int i) {
        return base * (1 + i % 3);
    }

    /**
     * A chain of {@code layers} layers, one parameter tensor each ({@link #size} bytes), forward ops in layer order
     * then backward ops in reverse, all on one stream. Forward op {@code i} requires tensors {@code 0..i} (the
     * union of its inputs' requirements), backward ops all tensors; the gradient of tensor {@code i} is sent
     * after backward op {@code i}. With {@code receiveGbps > 0} the profile has receives of a remote server
     * sending one tensor at a time at that bandwidth, and the step time includes them.
     */
    public static Profile chain(String model, int batch, int layers, long bytes, double fwdUs, double bwdUs,
                                double receiveGbps, double latencyUs) {
        List<ParameterTensor> params = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            params.add(new ParameterTensor("layer" + i + "/weights", size(bytes, i)));
        }
        List<Receive> receives = new ArrayList<>();
        double[] arrive = new double[layers];
        double t = 0;
        for (int i = 0; i < layers; i++) {
            double dur = receiveGbps > 0 ? latencyUs + size(bytes, i) * 8 / (receiveGbps * 1e3) : 0;
            if (receiveGbps > 0) {
                receives.add(new Receive("layer" + i + "/weights", t, t + dur));
            }
            t += dur;
            arrive[i] = t;
        }
        List<ComputeOp> ops = new ArrayList<>();
        List<Send> sends = new ArrayList<>();
        double clock = 0;
        double sendClock = 0;
        Set<String> req = new LinkedHashSet<>();
        for (int i = 0; i < layers; i++) {
            req.add("layer" + i + "/weights");
            clock = Math.max(clock, arrive[i]);
            ops.add(new ComputeOp("fwd" + i, "Conv2D", 0, clock, fwdUs, Set.copyOf(req)));
            clock += fwdUs;
        }
        for (int i = layers - 1; i >= 0; i--) {
            ops.add(new ComputeOp("bwd" + i, "Conv2DBackprop", 0, clock, bwdUs, Set.copyOf(req)));
            clock += bwdUs;
            double sendDur = receiveGbps > 0 ? latencyUs + size(bytes, i) * 8 / (receiveGbps * 1e3) : 0;
            // The server receives one gradient at a time: a send starts when both its op and the previous send ended.
            double start = Math.max(clock, sendClock);
            sendClock = start + sendDur;
            sends.add(new Send("layer" + i + "/weights", size(bytes, i), "bwd" + i, start, sendClock));
        }
        double step = Math.max(clock, sendClock);
        return new Profile(model, batch, step, params, receives, ops, sends, "synthetic:chain");
    }
}
