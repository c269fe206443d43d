package io.stepcast.queueing.simulation;

import io.stepcast.models.sim.EventQueue;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The discrete-event simulation of W workers and P parameter-server shards replaying a single-worker
 * profile (Li, Yan, Paolieri, Golubchik, "Throughput Prediction of Asynchronous SGD in TensorFlow",
 * ICPE 2020, section 4; docs/methods.md section 1).
 *
 * <p>Per worker and step: every parameter-server shard sends the worker its tensors one at a time over a
 * channel of its own, in the order of the {@link OrderPolicy}; a compute op starts when all the tensors it
 * requires have arrived and the previous op of its stream has ended; an op's end releases its gradient sends,
 * which each shard receives one at a time in release order; the step ends when its ops, receives and sends
 * are done, and the next one starts at once. Copies over a host's bus (when modelled) follow a tensor's
 * network transfer and precede a gradient's, without holding the channel. Concurrent transfers share links
 * max-min fairly ({@link FairShareNetwork}). In {@link Mode#SYNC} a shard sends a tensor's value for step {@code k + 1}
 * only when all workers' gradients of that tensor for step {@code k} have arrived. One instance runs once; it
 * is not thread-safe, runs are independent.
 *
 * <p>Jitter ({@link SimulationSetup#transferJitter()}, {@link SimulationSetup#computeJitter()}): each network
 * message's bytes and each op's duration can be scaled by an independent log-normal factor of mean 1, drawn
 * from a stream of the seed separate from the transfer orders. Without transfer jitter, identical asynchronous
 * workers fall into a convoy: under fair sharing a transfer that joins a crowd of {@code n} equal ones finishes
 * only {@code 1/(n-1)} of its lag after them, so laggards are absorbed; the convoy then downloads, computes and
 * uploads together and leaves each link idle while it uses the other (LeNet-5 at 1 Gbit/s, 32 workers: both
 * links 63-74% busy in steady state). Compute jitter cannot undo that, as the spread it creates is a fraction of
 * the compute time while the convoy's transfers last {@code n} times longer; per-message transfer variation
 * spreads the crowd by a fraction of its own duration and breaks the convoy (CV 0.1: 88-91% of the bound at
 * 32 workers, 96% at 64).
 *
 * <p>Throughput is measured per worker between the end of its warm-up and the end of its last measured
 * step, and summed over workers (weighted by the devices a host-aggregated worker stands for).
 */
public final class Simulator {
    private static final int EV_OP_END = 0;
    private static final int EV_TRANSFER = 1;
    private static final int EV_STEP_START = 2;

    private static final int DOWN = 0;
    private static final int UP = 1;

    private final CompiledProfile p;
    private final SimulationSetup setup;
    private final SplittableRandom rng;
    private final SplittableRandom jitterRng;
    private final LogNormalJitter computeJitter;
    private final LogNormalJitter transferJitter;
    private final long seed;
    private final TraceSink trace;

    private final int sim;          // simulated workers (hosts when aggregating)
    private final int[] devices;    // devices each simulated worker stands for
    private final int[] host;
    private final int shards;
    private final int[] psHost;
    private final int[] shardOf;
    private final int[] shardStart; // CSR of tensors by shard (static order for non-random policies)
    private final int[] shardTensors;
    private final int[] shardSendCount;
    private final boolean[] hasSend;

    private final FlowNetwork net;
    private final EventQueue queue = new EventQueue();
    private double now;
    private long events;

    // Per worker, one block of ints, so that an event reads one or two cache lines of its worker's state instead of
    // one per array (at thousands of workers each is read cold): the step, whether it runs, the ops, sends and
    // receives left in it and its bus classes (looked up once); then per shard its channels (below); then per compute
    // stream its next position and whether it is busy.
    private static final int STEP = 0;
    private static final int RUNNING = 1;
    private static final int OPS = 2;
    private static final int SENDS = 3;
    private static final int RECV = 4;
    private static final int BUS_CLASSES = 5; // one per direction
    private static final int CHANNELS = 7;
    // Per (worker, shard) channel: the next position of the parameter channel, whether it is busy, the head, tail and
    // busy flag of the gradient channel's queue, and the network classes of both directions (looked up once).
    private static final int CS = 7;
    private static final int POS = 0;
    private static final int BUSY = 1;
    private static final int UP_HEAD = 2;
    private static final int UP_TAIL = 3;
    private static final int UP_BUSY = 4;
    private static final int DOWN_CLASS = 5;
    private static final int UP_CLASS = 6;
    private static final int STREAM_POS = 0;
    private static final int STREAM_BUSY = 1;
    private final int streamsAt;        // offset of the streams in a worker's block
    private final int blockSize;
    private final int[] blk;
    // Per worker and op, the required tensors yet to arrive in its step; 16 bits, so that the counters of thousands of
    // workers take half the cache they would as ints.
    private final short[] depsLeft;
    private final short[] baseDeps;
    private final int[] sentStamp;
    private final double[] stepStart;
    private final double[] arrival;     // worker 0's arrival times in the current step (the only ones reported)
    private final double[] lastArrival; // worker 0, last completed step, offsets
    private final int[] chanOrder;      // S*n, per channel segment
    // S*sends pairs, per (worker, shard) segment: a queued gradient's transfer and its state, so that starting it
    // does not read its record (cold at thousands of workers: it waited in the queue).
    private final int[] upQueue;
    private final int[] upSegStart;     // P+1 offsets inside a worker's segment
    private final int[] readyStep;
    private final int[] gradCount;

    // Per transfer in flight, in 8 bytes: gradients wait in their channels' queues as transfers, so at thousands of
    // workers the records outgrow the caches and a record is read cold at most of its events; the smaller they are,
    // the more of them stay cached. The worker, and the state: item << 4 | stage << 1 | kind. The step is kept only
    // in synchronous mode, the only one that reads it; the class and start of a network transfer only for a trace.
    private static final int XS = 2;
    private static final int X_WORKER = 0;
    private static final int X_STATE = 1;
    private static final int MAX_ITEMS = 1 << 27;
    private int[] xs = new int[64 * XS];
    private int poolSize = 64;
    private int[] xStep;
    private int[] xClass;
    private double[] xStart;
    private int[] free = new int[64];
    private int freeSize;
    private int allocated;

    private final double[] measureStart;
    private final double[] measureEnd;
    private int finished;
    private final int target;

    /**
     * @param profile the compiled single-worker profile
     * @param setup   cluster, policy and run length
     * @param order   static transfer order for FIFO, TIC or TAC (tensor indices); ignored for RANDOM
     * @param seed    seed of the random order
     * @param trace   receives the execution, or null
     */
    public Simulator(CompiledProfile profile, SimulationSetup setup, int[] order, long seed, TraceSink trace) {
        this(profile, setup, order, seed, trace, FairShareNetwork::new);
    }

    /** As the public constructor, over the network {@code network} builds (a test runs the reference engine). */
    Simulator(CompiledProfile profile, SimulationSetup setup, int[] order, long seed, TraceSink trace,
              FlowNetwork.Factory network) {
        this.p = profile;
        this.setup = setup;
        this.rng = new SplittableRandom(seed);
        // A stream of its own, so that jitter does not change the transfer orders a seed draws.
        this.jitterRng = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
        this.computeJitter = new LogNormalJitter(setup.computeJitter());
        this.transferJitter = new LogNormalJitter(setup.transferJitter());
        this.seed = seed;
        this.trace = trace;
        if (profile.tensors >= MAX_ITEMS || profile.sends >= MAX_ITEMS) {
            throw new IllegalArgumentException("a profile of " + MAX_ITEMS + " or more tensors or sends");
        }
        if (setup.mode() == Mode.SYNC) {
            xStep = new int[poolSize];
        }
        if (trace != null) {
            xClass = new int[poolSize];
            xStart = new double[poolSize];
        }
        int n = p.tensors;
        int hostsWithWorkers = setup.workerHosts();
        if (setup.hostAggregation()) {
            sim = hostsWithWorkers;
            devices = new int[sim];
            host = new int[sim];
            for (int w = 0; w < setup.workers(); w++) {
                devices[hostOfWorker(w)]++;
            }
            for (int h = 0; h < sim; h++) {
                host[h] = h;
            }
        } else {
            sim = setup.workers();
            devices = new int[sim];
            host = new int[sim];
            Arrays.fill(devices, 1);
            for (int w = 0; w < sim; w++) {
                host[w] = hostOfWorker(w);
            }
        }
        shards = setup.parameterServers();
        psHost = new int[shards];
        for (int s = 0; s < shards; s++) {
            psHost[s] = setup.colocatedPs() ? s % hostsWithWorkers : hostsWithWorkers + s;
        }
        int hosts = setup.colocatedPs() ? hostsWithWorkers : hostsWithWorkers + shards;
        double[] nic = new double[hosts];
        double[] bus = new double[hosts];
        Arrays.fill(nic, setup.nicBytesPerS());
        Arrays.fill(bus, setup.busBytesPerS());
        net = network.create(nic, bus);

        shardOf = setup.sharding().assign(p.tensorBytes, shards);
        int[] rank = new int[n];
        int[] ord = order == null || order.length != n ? identity(n) : order;
        for (int i = 0; i < n; i++) {
            rank[ord[i]] = i;
        }
        shardStart = new int[shards + 1];
        for (int t = 0; t < n; t++) {
            shardStart[shardOf[t] + 1]++;
        }
        for (int s = 0; s < shards; s++) {
            shardStart[s + 1] += shardStart[s];
        }
        shardTensors = new int[n];
        int[] fill = Arrays.copyOf(shardStart, shards);
        for (int i = 0; i < n; i++) {
            int t = ord[i];
            shardTensors[fill[shardOf[t]]++] = t;
        }
        hasSend = new boolean[n];
        shardSendCount = new int[shards];
        for (int i = 0; i < p.sends; i++) {
            hasSend[p.sendTensor[i]] = true;
            shardSendCount[shardOf[p.sendTensor[i]]]++;
        }
        upSegStart = new int[shards + 1];
        for (int s = 0; s < shards; s++) {
            upSegStart[s + 1] = upSegStart[s] + shardSendCount[s];
        }

        streamsAt = CHANNELS + shards * CS;
        blockSize = streamsAt + 2 * p.streams;
        blk = new int[sim * blockSize];
        for (int w = 0; w < sim; w++) {
            blk[w * blockSize + BUS_CLASSES] = -1;
            blk[w * blockSize + BUS_CLASSES + 1] = -1;
            for (int s = 0; s < shards; s++) {
                blk[chan(w, s) + DOWN_CLASS] = -1;
                blk[chan(w, s) + UP_CLASS] = -1;
            }
        }
        baseDeps = new short[p.ops];
        for (int op = 0; op < p.ops; op++) {
            int required = p.reqStart[op + 1] - p.reqStart[op];
            if (required > Short.MAX_VALUE) {
                throw new IllegalArgumentException("op " + p.opNames[op] + " requires " + required
                        + " tensors, more than the " + Short.MAX_VALUE + " the simulation counts");
            }
            baseDeps[op] = (short) required;
        }
        depsLeft = new short[sim * p.ops];
        // Only synchronous channels send out of order and need to know what they sent.
        sentStamp = new int[setup.mode() == Mode.SYNC ? sim * n : 0];
        stepStart = new double[sim];
        arrival = new double[n];
        lastArrival = new double[n];
        Arrays.fill(lastArrival, Double.NaN);
        chanOrder = new int[sim * n];
        upQueue = new int[2 * sim * Math.max(1, p.sends)];
        readyStep = new int[n];
        gradCount = new int[2 * n];
        measureStart = new double[sim];
        measureEnd = new double[sim];
        target = setup.warmupSteps() + setup.steps();
    }

    private int hostOfWorker(int w) {
        return (int) ((long) w * setup.workerHosts() / setup.workers());
    }

    private static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    /**
     * Runs until every worker completed its warm-up and measured steps.
     *
     * @throws IllegalStateException when the run deadlocks or exceeds {@code maxEvents}
     */
    public RunResult run(long maxEvents) {
        // Asynchronous workers start at staggered times, uniformly within one single-worker step, so that no
        // run starts in lockstep; the stagger alone does not keep them apart (fair sharing re-synchronises
        // them within a few steps, see the class comment); transfer jitter does. Synchronous workers start
        // together.
        double stagger = setup.mode() == Mode.ASYNC && sim > 1 ? p.stepTimeS * setup.computeScale() : 0;
        SplittableRandom starts = new SplittableRandom(seed ^ 0x5DEECE66DL);
        for (int w = 0; w < sim; w++) {
            queue.schedule(w == 0 ? 0.0 : stagger * starts.nextDouble(), EV_STEP_START, w, 0);
        }
        while (finished < sim) {
            double tq = queue.peekTime();
            double tn = net.nextCompletionTime();
            if (tq == Double.POSITIVE_INFINITY && tn == Double.POSITIVE_INFINITY) {
                throw new IllegalStateException("simulation deadlocked at t=" + now + " s: no event pending and "
                        + "no transfer in flight (does every op's required tensor exist and every step end?)");
            }
            if (tn < tq) {
                now = tn;
                int x = net.completeNext(tn);
                if (trace != null) {
                    traceTransfer(x);
                }
                advance(x);
            } else {
                queue.poll();
                now = queue.polledTime();
                int a = queue.polledA();
                switch (queue.polledType()) {
                    case EV_OP_END -> opEnd(a, queue.polledB());
                    case EV_TRANSFER -> advance(a);
                    case EV_STEP_START -> startStep(a);
                    default -> throw new IllegalStateException("unknown event type " + queue.polledType());
                }
            }
            if (++events > maxEvents) {
                throw new IllegalStateException("simulation exceeded " + maxEvents + " events at t=" + now + " s");
            }
        }
        double stepsPerS = 0;
        double stepTime = 0;
        for (int w = 0; w < sim; w++) {
            double window = measureEnd[w] - measureStart[w];
            stepsPerS += devices[w] * setup.steps() / window;
            stepTime += window / setup.steps();
        }
        return new RunResult(stepsPerS, stepTime / sim, now, events, lastArrival.clone());
    }

    /** Simulated workers (hosts when aggregating). */
    public int simulatedWorkers() {
        return sim;
    }

    /** Times the fair shares were recomputed, for benchmarks. */
    public long recomputations() {
        return net.recomputations();
    }

    private void startStep(int w) {
        int n = p.tensors;
        System.arraycopy(baseDeps, 0, depsLeft, w * p.ops, p.ops);
        blk[w * blockSize + OPS] = p.ops;
        blk[w * blockSize + SENDS] = p.sends;
        blk[w * blockSize + RECV] = n;
        stepStart[w] = now;
        blk[w * blockSize + RUNNING] = 1;
        for (int s = 0; s < p.streams; s++) {
            blk[stream(w, s) + STREAM_POS] = p.streamStart[s];
        }
        int base = w * n;
        System.arraycopy(shardTensors, 0, chanOrder, base, n);
        if (setup.policy() == OrderPolicy.RANDOM) {
            for (int s = 0; s < shards; s++) {
                int lo = base + shardStart[s];
                int hi = base + shardStart[s + 1];
                for (int i = hi - 1; i > lo; i--) {
                    int j = lo + rng.nextInt(i - lo + 1);
                    int tmp = chanOrder[i];
                    chanOrder[i] = chanOrder[j];
                    chanOrder[j] = tmp;
                }
            }
        }
        for (int s = 0; s < shards; s++) {
            blk[chan(w, s) + POS] = 0;
            blk[chan(w, s) + UP_HEAD] = 0;
            blk[chan(w, s) + UP_TAIL] = 0;
        }
        for (int s = 0; s < shards; s++) {
            kickDown(w, s);
        }
        for (int s = 0; s < p.streams; s++) {
            tryStream(w, s);
        }
        checkStepDone(w);
    }

    private boolean ready(int t, int k) {
        return setup.mode() == Mode.ASYNC || !hasSend[t] || readyStep[t] >= k;
    }

    private void kickDown(int w, int s) {
        int ch = chan(w, s);
        if (blk[ch + BUSY] != 0) {
            return;
        }
        int n = p.tensors;
        int base = w * n + shardStart[s];
        int len = shardStart[s + 1] - shardStart[s];
        int pos = blk[ch + POS];
        if (setup.mode() == Mode.ASYNC) {
            // Every tensor is ready at once, so the channel sends them in its order, each after the previous one.
            if (pos < len) {
                blk[ch + POS] = pos + 1;
                blk[ch + BUSY] = 1;
                advance(newTransfer(DOWN, w, chanOrder[base + pos], blk[w * blockSize + STEP]));
            }
            return;
        }
        int stamp = blk[w * blockSize + STEP] + 1;
        while (pos < len && sentStamp[w * n + chanOrder[base + pos]] == stamp) {
            pos++;
        }
        blk[ch + POS] = pos;
        for (int q = pos; q < len; q++) {
            int t = chanOrder[base + q];
            if (sentStamp[w * n + t] == stamp || !ready(t, blk[w * blockSize + STEP])) {
                continue;
            }
            sentStamp[w * n + t] = stamp;
            blk[ch + BUSY] = 1;
            int x = newTransfer(DOWN, w, t, blk[w * blockSize + STEP]);
            advance(x);
            return;
        }
    }

    private void kickUp(int w, int s) {
        int ch = chan(w, s);
        if (blk[ch + UP_BUSY] != 0 || blk[ch + UP_HEAD] == blk[ch + UP_TAIL]) {
            return;
        }
        int q = 2 * (w * p.sends + upSegStart[s] + blk[ch + UP_HEAD]++);
        blk[ch + UP_BUSY] = 1;
        advance(upQueue[q], w, upQueue[q + 1]);
    }

    private void tryStream(int w, int s) {
        int si = stream(w, s);
        if (blk[si + STREAM_BUSY] != 0) {
            return;
        }
        int pos = blk[si + STREAM_POS];
        if (pos == p.streamStart[s + 1]) {
            return;
        }
        int op = p.streamOps[pos];
        if (depsLeft[w * p.ops + op] > 0) {
            return;
        }
        blk[si + STREAM_BUSY] = 1;
        blk[si + STREAM_POS] = pos + 1;
        double end = now + p.opDurationS[op] * setup.computeScale() * computeJitter.draw(jitterRng);
        if (trace != null) {
            trace.compute(w, s, p.opNames[op], now, end);
        }
        queue.schedule(end, EV_OP_END, w, op);
    }

    private void opEnd(int w, int op) {
        blk[stream(w, p.opStream[op]) + STREAM_BUSY] = 0;
        blk[w * blockSize + OPS]--;
        for (int k = p.opSendStart[op]; k < p.opSendStart[op + 1]; k++) {
            advance(newTransfer(UP, w, p.opSendList[k], blk[w * blockSize + STEP]));
        }
        tryStream(w, p.opStream[op]);
        checkStepDone(w);
    }

    private void channelFreed(int w, int t) {
        blk[chan(w, shardOf[t]) + BUSY] = 0;
        kickDown(w, shardOf[t]);
    }

    private void arrived(int w, int t) {
        blk[w * blockSize + RECV]--;
        if (w == 0) {
            arrival[t] = now - stepStart[w];
        }
        int wo = w * p.ops;
        for (int k = p.usersStart[t]; k < p.usersStart[t + 1]; k++) {
            int op = p.usersList[k];
            if (--depsLeft[wo + op] == 0) {
                tryStream(w, p.opStream[op]);
            }
        }
        checkStepDone(w);
    }

    private void delivered(int w, int send, int k, boolean viaChannel) {
        int t = p.sendTensor[send];
        int s = shardOf[t];
        if (viaChannel) {
            blk[chan(w, s) + UP_BUSY] = 0;
        }
        blk[w * blockSize + SENDS]--;
        if (setup.mode() == Mode.SYNC) {
            int slot = 2 * t + (k & 1);
            if (++gradCount[slot] == sim) {
                gradCount[slot] = 0;
                readyStep[t] = k + 1;
                for (int v = 0; v < sim; v++) {
                    if (blk[v * blockSize + RUNNING] != 0 && blk[v * blockSize + STEP] == k + 1) {
                        kickDown(v, s);
                    }
                }
            }
        }
        if (viaChannel) {
            kickUp(w, s);
        }
        checkStepDone(w);
    }

    private void checkStepDone(int w) {
        if (blk[w * blockSize + OPS] != 0 || blk[w * blockSize + SENDS] != 0 || blk[w * blockSize + RECV] != 0) {
            return;
        }
        blk[w * blockSize + RUNNING] = 0;
        blk[w * blockSize + OPS] = -1; // guards against finishing the same step twice before the next starts
        if (w == 0) {
            System.arraycopy(arrival, 0, lastArrival, 0, p.tensors);
        }
        int done = ++blk[w * blockSize + STEP];
        if (done == setup.warmupSteps()) {
            measureStart[w] = now;
        }
        if (done == target) {
            measureEnd[w] = now;
            finished++;
        }
        queue.schedule(now, EV_STEP_START, w, 0);
    }

    private int newTransfer(int kind, int w, int item, int k) {
        int x;
        if (freeSize > 0) {
            x = free[--freeSize];
        } else {
            if (allocated == poolSize) {
                poolSize *= 2;
                xs = Arrays.copyOf(xs, poolSize * XS);
                if (xStep != null) {
                    xStep = Arrays.copyOf(xStep, poolSize);
                }
                if (trace != null) {
                    xClass = Arrays.copyOf(xClass, poolSize);
                    xStart = Arrays.copyOf(xStart, poolSize);
                }
            }
            x = allocated++;
        }
        xs[x * XS + X_WORKER] = w;
        xs[x * XS + X_STATE] = item << 4 | kind;
        if (xStep != null) {
            xStep[x] = k;
        }
        return x;
    }

    /** The step a transfer belongs to, in synchronous mode (asynchronous mode does not read it). */
    private int stepOf(int x) {
        return xStep == null ? -1 : xStep[x];
    }

    private void release(int x) {
        if (freeSize == free.length) {
            free = Arrays.copyOf(free, free.length * 2);
        }
        free[freeSize++] = x;
    }

    /**
     * Moves a transfer to its next stage and completes it after the last one.
     *
     * <p>Parameters: [latency, NIC] when the shard is on another host, then [bus copy to the devices]. The
     * shard's channel to the worker is released when the network part ends (or, for a shard on the same
     * host, when the copy ends), so the copy of one tensor overlaps the network transfer of the next.
     *
     * <p>Gradients: [bus copy from the devices] as soon as the op produced them, then, when the shard is on
     * another host, a place in the worker's channel to that shard for [latency, NIC].
     */
    private void advance(int x) {
        advance(x, xs[x * XS + X_WORKER], xs[x * XS + X_STATE]);
    }

    /** {@link #advance(int)} of transfer {@code x} of worker {@code w} in state {@code state}. */
    @SuppressWarnings("fallthrough") // each stage falls into the next unless it waits for an event
    private void advance(int x, int w, int state) {
        int h = host[w];
        int itemBits = state & ~0xF;
        if ((state & 1) == DOWN) {
            int t = state >>> 4;
            int ps = psHost[shardOf[t]];
            boolean remote = ps != h;
            switch ((state >>> 1) & 7) {
                case 0:
                    xs[x * XS + X_STATE] = itemBits | 1 << 1 | DOWN;
                    if (remote && setup.latencyS() > 0) {
                        queue.scheduleInOrder(now + setup.latencyS(), EV_TRANSFER, x, 0);
                        return;
                    }
                    // fall through
                case 1:
                    xs[x * XS + X_STATE] = itemBits | 2 << 1 | DOWN;
                    if (remote) {
                        startFlow(x, downClass(w, shardOf[t], ps, h), p.tensorBytes[t] * transferJitter.draw(jitterRng));
                        return;
                    }
                    // fall through
                case 2:
                    xs[x * XS + X_STATE] = itemBits | 3 << 1 | DOWN;
                    if (remote) {
                        channelFreed(w, t);
                    }
                    if (net.busModelled(h)) {
                        startFlow(x, busClass(w, h, 1), devices[w] * p.tensorBytes[t]);
                        return;
                    }
                    // fall through
                default:
                    release(x);
                    if (!remote) {
                        channelFreed(w, t);
                    }
                    arrived(w, t);
            }
        } else {
            int send = state >>> 4;
            int s = shardOf[p.sendTensor[send]];
            int ps = psHost[s];
            boolean remote = ps != h;
            switch ((state >>> 1) & 7) {
                case 0:
                    xs[x * XS + X_STATE] = itemBits | 1 << 1 | UP;
                    if (net.busModelled(h)) {
                        startFlow(x, busClass(w, h, 0), devices[w] * p.sendBytes[send]);
                        return;
                    }
                    // fall through
                case 1:
                    if (remote) {
                        xs[x * XS + X_STATE] = itemBits | 2 << 1 | UP;
                        int q = 2 * (w * p.sends + upSegStart[s] + blk[chan(w, s) + UP_TAIL]++);
                        upQueue[q] = x;
                        upQueue[q + 1] = itemBits | 2 << 1 | UP;
                        kickUp(w, s);
                        return;
                    }
                    xs[x * XS + X_STATE] = itemBits | 4 << 1 | UP;
                    int k0 = stepOf(x);
                    release(x);
                    delivered(w, send, k0, false);
                    return;
                case 2:
                    xs[x * XS + X_STATE] = itemBits | 3 << 1 | UP;
                    if (setup.latencyS() > 0) {
                        queue.scheduleInOrder(now + setup.latencyS(), EV_TRANSFER, x, 0);
                        return;
                    }
                    // fall through
                case 3:
                    xs[x * XS + X_STATE] = itemBits | 4 << 1 | UP;
                    startFlow(x, upClass(w, s, h, ps), p.sendBytes[send] * transferJitter.draw(jitterRng));
                    return;
                default:
                    int k = stepOf(x);
                    release(x);
                    delivered(w, send, k, true);
            }
        }
    }

    /** Where the channels of worker {@code w} to shard {@code s} start in the worker blocks. */
    private int chan(int w, int s) {
        return w * blockSize + CHANNELS + s * CS;
    }

    /** Where compute stream {@code s} of worker {@code w} starts in the worker blocks. */
    private int stream(int w, int s) {
        return w * blockSize + streamsAt + 2 * s;
    }

    private int downClass(int w, int s, int ps, int h) {
        int i = chan(w, s) + DOWN_CLASS;
        if (blk[i] < 0) {
            blk[i] = net.nicClass(ps, h);
        }
        return blk[i];
    }

    private int upClass(int w, int s, int h, int ps) {
        int i = chan(w, s) + UP_CLASS;
        if (blk[i] < 0) {
            blk[i] = net.nicClass(h, ps);
        }
        return blk[i];
    }

    private int busClass(int w, int h, int direction) {
        int i = w * blockSize + BUS_CLASSES + direction;
        if (blk[i] < 0) {
            blk[i] = net.busClass(h, direction);
        }
        return blk[i];
    }

    private void startFlow(int x, int cls, double bytes) {
        if (bytes <= 0) {
            queue.schedule(now, EV_TRANSFER, x, 0);
            return;
        }
        if (trace != null) {
            xClass[x] = cls;
            xStart[x] = now;
        }
        net.start(now, cls, bytes, x);
    }

    private void traceTransfer(int x) {
        int cls = xClass[x];
        int state = xs[x * XS + X_STATE];
        String what = ((state & 1) == DOWN ? p.tensorNames[state >>> 4] + " to w" : p.tensorNames[p.sendTensor[state >>> 4]]
                + " grad from w") + xs[x * XS + X_WORKER];
        trace.transfer(net.linkA(cls), net.linkName(net.linkA(cls)), what, xStart[x], now);
        if (net.linkB(cls) >= 0) {
            trace.transfer(net.linkB(cls), net.linkName(net.linkB(cls)), what, xStart[x], now);
        }
    }
}
