package io.stepcast.queueing.simulation;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Synchronous data-parallel training with gradient all-reduce (PyTorch DistributedDataParallel, Horovod,
 * TensorFlow's {@code replicated} mode), replayed from a single-worker profile: the all-reduce mode of the
 * trace-driven simulation.
 *
 * <p>Per step, every worker replays the profile's compute ops, each stream back to back in profiled order (the
 * parameters are local replicas: nothing has to arrive before an op starts). The end of an op releases its
 * gradients; they are grouped into buckets ({@link GradientBuckets}, Li et al., PVLDB 2020, section 3.2.3).
 * A bucket's all-reduce starts when its last gradient is ready on every worker and the previous bucket's
 * all-reduce has finished (one communication stream, as NCCL runs the collectives of one process group in
 * order), and takes {@link AllReduceTimer#allReduceSeconds} of its bytes; it overlaps the rest of the backward
 * pass. The optimizer step, the ops that start in the profile after the last gradient was released, waits for
 * the backward pass and the last bucket (DDP's backward returns only when every bucket is reduced). The step
 * ends when every worker's optimizer step ran, and all workers start the next step together (the barrier of
 * synchronous SGD; with compute jitter a worker could start its forward pass a little before slower workers
 * finish, which we neglect). One worker does no collective.
 *
 * <p>Without compute jitter all workers are identical and synchronous, so they reach every point of the step
 * at the same time: one representative worker is simulated, exactly, and the run costs one pass over the
 * profile whatever the number of workers. With jitter every worker is replayed with its own draws. Not
 * thread-safe; one instance runs once.
 */
public final class AllReduceSimulator {
    private final CompiledProfile p;
    private final AllReduceSetup setup;
    private final GradientBuckets buckets;
    private final boolean[] post;
    private final SplittableRandom rng;
    private final LogNormalJitter jitter;
    private final TraceSink trace;

    /**
     * @param profile the compiled single-worker profile
     * @param setup   workers, collective cost, buckets, scale
     * @param seed    seed of the compute jitter
     * @param trace   receives the first step of worker 0, or null
     */
    public AllReduceSimulator(CompiledProfile profile, AllReduceSetup setup, long seed, TraceSink trace) {
        this.p = profile;
        this.setup = setup;
        this.buckets = GradientBuckets.of(profile, setup.bucketBytes());
        this.post = optimizerOps(profile);
        this.rng = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
        this.jitter = new LogNormalJitter(setup.computeJitter());
        this.trace = trace;
    }

    /**
     * The optimizer step: the ops the profile starts at or after the end of the last op that released a
     * gradient (none when no op releases one).
     */
    static boolean[] optimizerOps(CompiledProfile p) {
        boolean[] post = new boolean[p.ops];
        double lastRelease = Double.NEGATIVE_INFINITY;
        boolean[] producer = new boolean[p.ops];
        for (int op = 0; op < p.ops; op++) {
            if (p.opSendStart[op + 1] > p.opSendStart[op]) {
                producer[op] = true;
                lastRelease = Math.max(lastRelease, p.source.ops().get(op).endUs());
            }
        }
        for (int op = 0; op < p.ops; op++) {
            post[op] = !producer[op] && p.source.ops().get(op).startUs() >= lastRelease;
        }
        return post;
    }

    /** Number of buckets the gradients form. */
    public int bucketCount() {
        return buckets.count();
    }

    /** Runs the measured steps; the mean step time and the steps per second summed over workers. */
    public RunResult run() {
        int simulated = setup.stochastic() ? setup.workers() : 1;
        boolean collectives = setup.workers() > 1;
        int nb = buckets.count();
        double[] opEnd = new double[p.ops];
        double[] streamEnd = new double[p.streams];
        double[] bucketReady = new double[nb];
        double[] duration = new double[p.ops];
        double[][] durations = new double[simulated][];
        double[] collectiveS = new double[nb];
        for (int b = 0; b < nb && collectives; b++) {
            collectiveS[b] = setup.collective().allReduceSeconds(buckets.bytes(b));
        }
        double total = 0;
        long events = 0;
        for (int k = 0; k < setup.steps(); k++) {
            Arrays.fill(bucketReady, 0);
            double backwardEnd = 0;
            for (int w = 0; w < simulated; w++) {
                double[] d = durations[w] == null ? (durations[w] = new double[p.ops]) : durations[w];
                for (int op = 0; op < p.ops; op++) {
                    d[op] = p.opDurationS[op] * setup.computeScale() * jitter.draw(rng);
                }
                backwardEnd = Math.max(backwardEnd, replay(d, opEnd, streamEnd, false, 0));
                for (int b = 0; b < nb; b++) {
                    for (int i = buckets.first(b); i < buckets.end(b); i++) {
                        int op = producerOf(buckets.send(i));
                        bucketReady[b] = Math.max(bucketReady[b], opEnd[op]);
                    }
                }
                events += p.ops;
            }
            double comm = 0;
            for (int b = 0; b < nb && collectives; b++) {
                double start = Math.max(bucketReady[b], comm);
                comm = start + collectiveS[b];
                if (trace != null && k == 0) {
                    trace.transfer(0, "all-reduce (communication stream)", String.format(Locale.ROOT,
                            "bucket %d (%.3g MB)", b, buckets.bytes(b) / 1e6), start, comm);
                }
                events++;
            }
            double barrier = Math.max(backwardEnd, comm);
            double stepEnd = barrier;
            for (int w = 0; w < simulated; w++) {
                double[] d = durations[w];
                if (trace != null && k == 0 && w == 0) {
                    replay(d, opEnd, streamEnd, false, 0);
                    traceOps(opEnd, d);
                }
                stepEnd = Math.max(stepEnd, replay(d, opEnd, streamEnd, true, barrier));
                if (trace != null && k == 0 && w == 0) {
                    traceOps(opEnd, d);
                }
            }
            total += stepEnd;
        }
        double step = total / setup.steps();
        return new RunResult(setup.workers() / step, step, total, events, new double[0]);
    }

    private int[] producer;

    /**
     * The compute scale that makes one simulated worker reproduce the profiled step (one worker does no
     * collective, and every time of its step is proportional to the scale, so the scale is a ratio).
     */
    public static double calibrate(CompiledProfile profile) {
        AllReduceSetup one = new AllReduceSetup(1, bytes -> 0, 0, 1.0, 1, 0);
        double step = new AllReduceSimulator(profile, one, 0, null).run().stepTimeS();
        if (!(step > 0)) {
            throw new io.stepcast.api.CannotFitException("profile of " + profile.source.model()
                    + " has no compute time to scale");
        }
        return profile.stepTimeS / step;
    }

    private int producerOf(int send) {
        if (producer == null) {
            producer = new int[p.sends];
            for (int op = 0; op < p.ops; op++) {
                for (int k = p.opSendStart[op]; k < p.opSendStart[op + 1]; k++) {
                    producer[p.opSendList[k]] = op;
                }
            }
        }
        return producer[send];
    }

    /**
     * Replays the ops of every stream with durations {@code d}: the forward and backward ops from time 0
     * ({@code optimizer} false), or the optimizer ops after the pre-optimizer ops of their stream and not before
     * {@code barrier}. Returns the latest end; {@code opEnd} gets every replayed op's end (NaN for the others).
     */
    private double replay(double[] d, double[] opEnd, double[] streamEnd, boolean optimizer, double barrier) {
        double latest = 0;
        for (int s = 0; s < p.streams; s++) {
            double t = 0;
            boolean gated = false;
            for (int i = p.streamStart[s]; i < p.streamStart[s + 1]; i++) {
                int op = p.streamOps[i];
                if (post[op]) {
                    if (!optimizer) {
                        opEnd[op] = Double.NaN;
                        continue;
                    }
                    if (!gated) {
                        t = Math.max(t, barrier);
                        gated = true;
                    }
                }
                t += d[op];
                opEnd[op] = optimizer && !post[op] ? Double.NaN : t;
            }
            streamEnd[s] = t;
            latest = Math.max(latest, t);
        }
        return latest;
    }

    private void traceOps(double[] opEnd, double[] d) {
        for (int op = 0; op < p.ops; op++) {
            if (!Double.isNaN(opEnd[op])) {
                trace.compute(0, p.opStream[op], p.opNames[op], opEnd[op] - d[op], opEnd[op]);
            }
        }
    }
}
