package io.stepcast.queueing.simulation;

import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Receive;
import io.stepcast.api.profile.Send;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@link Profile} turned into index-based primitive arrays for the engine: tensors, ops with the tensors
 * they require, the op order of every compute stream, and the gradient sends each op releases. Times are in
 * seconds. Immutable once built; arrays are never handed out for writing.
 */
public final class CompiledProfile {
    final Profile source;
    final int tensors;
    final String[] tensorNames;
    final double[] tensorBytes;
    /** Profiled receive start of each tensor (seconds), NaN when the profile has no receive for it. */
    final double[] recvStartS;
    final double[] recvEndS;

    final int ops;
    final String[] opNames;
    final double[] opDurationS;
    final int[] opStream;
    /** CSR: tensors required by op i are reqList[reqStart[i] .. reqStart[i+1]). */
    final int[] reqStart;
    final int[] reqList;
    /** CSR: ops requiring tensor t. */
    final int[] usersStart;
    final int[] usersList;

    final int streams;
    /** CSR: ops of stream s in profiled start order. */
    final int[] streamStart;
    final int[] streamOps;

    final int sends;
    final int[] sendTensor;
    final double[] sendBytes;
    /** CSR: sends released by op i. */
    final int[] opSendStart;
    final int[] opSendList;

    final double stepTimeS;

    private CompiledProfile(Profile p) {
        source = p;
        List<ParameterTensor> params = p.parameters();
        tensors = params.size();
        tensorNames = new String[tensors];
        tensorBytes = new double[tensors];
        Map<String, Integer> tensorIndex = new HashMap<>();
        for (int i = 0; i < tensors; i++) {
            tensorNames[i] = params.get(i).name();
            tensorBytes[i] = params.get(i).bytes();
            tensorIndex.put(tensorNames[i], i);
        }
        recvStartS = new double[tensors];
        recvEndS = new double[tensors];
        Arrays.fill(recvStartS, Double.NaN);
        Arrays.fill(recvEndS, Double.NaN);
        for (Receive r : p.receives()) {
            int t = tensorIndex.get(r.tensor());
            recvStartS[t] = r.startUs() * 1e-6;
            recvEndS[t] = r.endUs() * 1e-6;
        }

        List<ComputeOp> opList = p.ops();
        ops = opList.size();
        opNames = new String[ops];
        opDurationS = new double[ops];
        opStream = new int[ops];
        Map<Integer, Integer> streamIds = new TreeMap<>();
        for (ComputeOp op : opList) {
            streamIds.putIfAbsent(op.stream(), 0);
        }
        int s = 0;
        for (Map.Entry<Integer, Integer> e : streamIds.entrySet()) {
            e.setValue(s++);
        }
        streams = Math.max(1, streamIds.size());
        Map<String, Integer> opIndex = new HashMap<>();
        reqStart = new int[ops + 1];
        List<Integer> req = new ArrayList<>();
        for (int i = 0; i < ops; i++) {
            ComputeOp op = opList.get(i);
            opNames[i] = op.name();
            opDurationS[i] = op.durationUs() * 1e-6;
            opStream[i] = streamIds.get(op.stream());
            opIndex.put(op.name(), i);
            reqStart[i] = req.size();
            op.requires().stream().map(tensorIndex::get).sorted().forEach(req::add);
        }
        reqStart[ops] = req.size();
        reqList = req.stream().mapToInt(Integer::intValue).toArray();

        int[] users = new int[tensors + 1];
        for (int t : reqList) {
            users[t + 1]++;
        }
        for (int t = 0; t < tensors; t++) {
            users[t + 1] += users[t];
        }
        usersStart = users;
        usersList = new int[reqList.length];
        int[] fill = Arrays.copyOf(users, tensors);
        for (int i = 0; i < ops; i++) {
            for (int k = reqStart[i]; k < reqStart[i + 1]; k++) {
                usersList[fill[reqList[k]]++] = i;
            }
        }

        Integer[] order = new Integer[ops];
        for (int i = 0; i < ops; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.<Integer>comparingInt(i -> opStream[i])
                .thenComparingDouble(i -> opList.get(i).startUs())
                .thenComparingInt(i -> i));
        streamStart = new int[streams + 1];
        streamOps = new int[ops];
        for (int i = 0; i < ops; i++) {
            streamOps[i] = order[i];
            streamStart[opStream[order[i]] + 1]++;
        }
        for (int k = 0; k < streams; k++) {
            streamStart[k + 1] += streamStart[k];
        }

        List<Send> sendList = p.sends();
        sends = sendList.size();
        sendTensor = new int[sends];
        sendBytes = new double[sends];
        opSendStart = new int[ops + 1];
        int[] producer = new int[sends];
        for (int i = 0; i < sends; i++) {
            Send snd = sendList.get(i);
            sendTensor[i] = tensorIndex.get(snd.tensor());
            sendBytes[i] = snd.bytes();
            producer[i] = opIndex.get(snd.producer());
            opSendStart[producer[i] + 1]++;
        }
        for (int i = 0; i < ops; i++) {
            opSendStart[i + 1] += opSendStart[i];
        }
        opSendList = new int[sends];
        int[] sfill = Arrays.copyOf(opSendStart, ops);
        for (int i = 0; i < sends; i++) {
            opSendList[sfill[producer[i]]++] = i;
        }
        stepTimeS = p.stepTimeUs() * 1e-6;
    }

    /** Compiles a profile. */
    public static CompiledProfile of(Profile profile) {
        return new CompiledProfile(profile);
    }

    /** The profile this was compiled from. */
    public Profile profile() {
        return source;
    }

    /** Number of parameter tensors. */
    public int tensorCount() {
        return tensors;
    }

    /** Profiled step time, seconds. */
    public double stepTimeS() {
        return stepTimeS;
    }

    /** Bytes of all parameter tensors. */
    public double parameterBytes() {
        double b = 0;
        for (double x : tensorBytes) {
            b += x;
        }
        return b;
    }

    /** Bytes of all gradient sends. */
    public double gradientBytes() {
        double b = 0;
        for (double x : sendBytes) {
            b += x;
        }
        return b;
    }

    /** Summed op durations, seconds. */
    public double computeS() {
        double c = 0;
        for (double d : opDurationS) {
            c += d;
        }
        return c;
    }

    /** True when every tensor has a profiled receive. */
    boolean hasReceiveTimes() {
        for (double r : recvEndS) {
            if (Double.isNaN(r)) {
                return false;
            }
        }
        return tensors > 0;
    }
}
