package io.stepcast.queueing;

import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Receive;
import io.stepcast.api.profile.Send;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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

    /**
     * Synthetic, shaped like a single-process CPU profile of LeNet-5 at batch 32 (TensorFlow): the eight
     * tensors of LeNet-5 with their exact sizes (89,112 bytes, 86% of them in {@code fc1/weights}), one compute
     * stream of forward then backward ops with made-up durations of the same magnitudes (4.44 ms in all), the
     * gradient of {@code fc1/weights} released by the very last op. With {@code localReceives} every tensor has a
     * "receive" of a few microseconds whatever its size, as the parameter reads of a profile without a
     * parameter server.
     */
    public static Profile lenetLike(boolean localReceives) {
        String[] names = {"conv1/weights", "conv1/bias", "conv2/weights", "conv2/bias", "fc1/weights", "fc1/bias",
                "fc2/weights", "fc2/bias"};
        long[] bytes = {600, 24, 7200, 48, 76800, 400, 4000, 40};
        List<ParameterTensor> params = new ArrayList<>();
        List<Receive> receives = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            params.add(new ParameterTensor(names[i], bytes[i]));
            if (localReceives) {
                double start = 10 + 8 * i;
                receives.add(new Receive(names[i], start, start + (i == 4 ? 3 : 2 + i % 3 * 4)));
            }
        }
        Set<String> conv1 = Set.of(names[0], names[1]);
        Set<String> conv2 = union(conv1, Set.of(names[2], names[3]));
        Set<String> fc1 = union(conv2, Set.of(names[4], names[5]));
        Set<String> all = union(fc1, Set.of(names[6], names[7]));
        Object[][] ops = {
            {"conv1", 582.0, conv1}, {"tanh1", 52.0, conv1}, {"pool1", 169.0, conv1}, {"conv2", 346.0, conv2},
            {"pool2", 29.0, conv2}, {"fc1", 67.0, fc1}, {"fc2", 17.0, all}, {"xent", 40.0, all},
            {"fc2/grad", 18.0, all}, {"fc1/bias_grad", 25.0, all}, {"pool2/grad", 148.0, all},
            {"conv2/filter_grad", 236.0, all}, {"conv2/input_grad", 1664.0, all}, {"pool1/grad", 703.0, all},
            {"conv1/filter_grad", 311.0, all}, {"fc1/weights_grad", 31.0, all}};
        List<ComputeOp> opList = new ArrayList<>();
        double clock = 100;
        Map<String, Double> end = new HashMap<>();
        for (Object[] op : ops) {
            @SuppressWarnings("unchecked")
            Set<String> req = (Set<String>) op[2];
            opList.add(new ComputeOp((String) op[0], "Op", 0, clock, (Double) op[1], req));
            clock += (Double) op[1];
            end.put((String) op[0], clock);
        }
        String[][] sendsOf = {{"fc2/weights", "fc2/grad"}, {"fc2/bias", "fc2/grad"}, {"fc1/bias", "fc1/bias_grad"},
            {"conv2/weights", "conv2/filter_grad"}, {"conv2/bias", "conv2/filter_grad"},
            {"conv1/weights", "conv1/filter_grad"}, {"conv1/bias", "conv1/filter_grad"},
            {"fc1/weights", "fc1/weights_grad"}};
        List<Send> sends = new ArrayList<>();
        for (String[] snd : sendsOf) {
            long b = bytes[Arrays.asList(names).indexOf(snd[0])];
            double at = end.get(snd[1]);
            sends.add(new Send(snd[0], b, snd[1], at, at + 2));
        }
        return new Profile("lenet-like", 32, clock + 2, params, receives, opList, sends, "synthetic:lenet-like");
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new LinkedHashSet<>(a);
        u.addAll(b);
        return Set.copyOf(u);
    }
}
