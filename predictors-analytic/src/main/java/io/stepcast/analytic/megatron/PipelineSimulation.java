package io.stepcast.analytic.megatron;

import io.stepcast.models.sim.ActionQueue;

import java.util.Arrays;
import java.util.List;

/**
 * The trace-driven simulation of one Megatron-LM iteration on an {@link ActionQueue}: the p pipeline stages
 * are workers, each running its {@link OneFOneB} passes in order; a pass starts when the stage is free and its
 * input has arrived (a forward pass the previous stage's activation, a backward pass the next stage's
 * gradient). After a pass the stage sends its output to the neighbour and waits for the send to complete, as
 * Megatron-LM's point-to-point calls wait on their requests ({@code p2p_communication.py}); the message
 * arrives at the neighbour when the send completes. Under the interleaved schedule with its sends overlapped
 * ({@link P2pOverlap}) a steady-state send instead runs while the stage computes its next pass, and the pass after
 * that waits for it. After its last backward pass a stage all-reduces its
 * gradients with its data-parallel replicas (Narayanan et al., SC'21, section 2.1), optionally overlapped with
 * that last backward pass; with several stages the first and the last then all-reduce the tied embedding's
 * gradients (Shoeybi et al. 2019, section 3); the gradient-norm all-reduce over all stages before the optimizer
 * step (Megatron-LM's {@code clip_grad_norm}) is a barrier, after which every stage runs its optimizer step.
 * Everything the simulation takes is in seconds and comes from {@link MegatronCostModel}; nothing is measured
 * here. Under the interleaved schedule ({@link OneFOneB#interleaved}) each stage holds v model chunks: the
 * micro-batch runs through the p v virtual stages in order (chunk c of stage i is virtual stage c p + i, so the last
 * stage's chunk c hands on to the first stage's chunk c + 1), each chunk with its own times ({@link ChunkSplit}: the
 * first and last chunks of Megatron-LM's split with the embedding and the loss counted as layers hold one layer fewer).
 * One instance simulates one iteration; not thread-safe.
 */
final class PipelineSimulation {
    /**
     * What one iteration costs, per virtual stage j = c p + i (chunk c of stage i; j = i with one chunk) and per
     * stage i.
     *
     * @param forwardS     forward pass of one micro-batch on virtual stage j (compute and its tensor-parallel
     *                     all-reduces); length p v
     * @param backwardS    backward pass of one micro-batch on virtual stage j; length p v
     * @param sendS        one activation (or gradient) message between virtual stage j and j + 1; length p v - 1
     * @param dataS        the data-parallel gradient all-reduce of stage i; length p
     * @param embeddingS   the tied embedding's all-reduce between the first and the last stage (p > 1)
     * @param optimizerS   the optimizer step of stage i; length p
     * @param microBatches m (a multiple of p when v > 1)
     * @param overlapData  whether the data-parallel all-reduce overlaps the stage's last backward pass
     * @param chunks       v model chunks per stage (1: the non-interleaved schedule)
     * @param overlapP2p   whether the steady-state sends run while the stage computes ({@link P2pOverlap})
     */
    record Spec(double[] forwardS, double[] backwardS, double[] sendS, double[] dataS, double embeddingS,
                double[] optimizerS, int microBatches, boolean overlapData, int chunks, boolean overlapP2p) {
        Spec {
            int p = dataS.length;
            int n = p * chunks;
            if (p < 1 || chunks < 1 || forwardS.length != n || backwardS.length != n || sendS.length != n - 1
                    || optimizerS.length != p) {
                throw new IllegalArgumentException("a pipeline of " + p + " stages of " + chunks + " chunks needs " + n
                        + " forward and backward times, " + (n - 1) + " send times and " + p
                        + " data and optimizer times");
            }
            if (microBatches < 1) {
                throw new IllegalArgumentException("micro-batches must be at least 1, was " + microBatches);
            }
        }

        /** A pipeline of the non-interleaved schedule: one chunk per stage. */
        Spec(double[] forwardS, double[] backwardS, double[] sendS, double[] dataS, double embeddingS,
             double[] optimizerS, int microBatches, boolean overlapData) {
            this(forwardS, backwardS, sendS, dataS, embeddingS, optimizerS, microBatches, overlapData, 1, false);
        }

        /** A pipeline whose sends are all blocking. */
        Spec(double[] forwardS, double[] backwardS, double[] sendS, double[] dataS, double embeddingS,
             double[] optimizerS, int microBatches, boolean overlapData, int chunks) {
            this(forwardS, backwardS, sendS, dataS, embeddingS, optimizerS, microBatches, overlapData, chunks, false);
        }

        int stages() {
            return dataS.length;
        }

        /** Virtual stages p v. */
        int virtualStages() {
            return forwardS.length;
        }
    }

    /**
     * The simulated iteration.
     *
     * @param flushS     per stage, the end of its last backward pass and its send: the pipeline flush
     * @param iterationS the end of the last optimizer step
     */
    record Result(double[] flushS, double iterationS) {
        /** The latest flush over the stages: the pipeline's part of the iteration. */
        double pipelineS() {
            return Arrays.stream(flushS).max().orElse(0);
        }
    }

    private final Spec spec;
    private final ActionQueue events = new ActionQueue();
    private final Worker[] workers;
    private final double[] flush;
    private final double[] reduced;
    private int stagesReady;
    private double end;

    private PipelineSimulation(Spec spec) {
        this.spec = spec;
        int p = spec.stages();
        workers = new Worker[p];
        for (int i = 0; i < p; i++) {
            workers[i] = new Worker(i, OneFOneB.interleaved(i, p, spec.chunks(), spec.microBatches()));
        }
        flush = new double[p];
        reduced = new double[p];
        Arrays.fill(reduced, Double.NaN);
    }

    /** Simulates one iteration of {@code spec}. */
    static Result run(Spec spec) {
        return new PipelineSimulation(spec).simulate();
    }

    private Result simulate() {
        for (Worker w : workers) {
            events.at(0, w::tryStart);
        }
        events.run();
        for (Worker w : workers) {
            if (w.next < w.passes.size()) {
                throw new IllegalStateException("stage " + w.stage + " deadlocked at pass " + w.next);
            }
        }
        return new Result(flush, end);
    }

    /** Stage {@code i} has flushed its pipeline after a last backward pass of {@code lastBackwardS}. */
    private void flushed(int i, double lastBackwardS) {
        flush[i] = events.now();
        double data = spec.dataS()[i];
        if (spec.overlapData()) {
            // Gradients become ready layer by layer during the last backward pass, which hides that much.
            data = Math.max(0, data - lastBackwardS);
        }
        events.after(data, () -> dataReduced(i));
    }

    private void dataReduced(int i) {
        int last = spec.stages() - 1;
        reduced[i] = events.now();
        if (last == 0 || (i != 0 && i != last)) {
            ready();
        } else if (!Double.isNaN(reduced[0]) && !Double.isNaN(reduced[last])) {
            // Both ends of the tied embedding are here: one all-reduce, after which both are ready.
            events.after(spec.embeddingS(), () -> {
                ready();
                ready();
            });
        }
    }

    /** A stage is ready for the optimizer; the last to be ready releases the gradient-norm barrier. */
    private void ready() {
        if (++stagesReady == spec.stages()) {
            double step = Arrays.stream(spec.optimizerS()).max().orElse(0);
            events.after(step, () -> end = events.now());
        }
    }

    /**
     * One stage: its passes in the schedule's order and the inputs that have arrived, per chunk and micro-batch.
     * Virtual stage j = c p + i receives its activations from j - 1 and its gradients from j + 1.
     */
    private final class Worker {
        final int stage;
        final List<OneFOneB.Pass> passes;
        final boolean[][] activation;
        final boolean[][] gradient;
        /** The leading forward passes: warm-up, and as many backward passes of cool-down at the end. */
        final int warmup;
        /** Per pass, whether its send has completed (true for a pass whose send blocks it or that sends nothing). */
        final boolean[] sent;
        int next;
        boolean busy;

        Worker(int stage, List<OneFOneB.Pass> passes) {
            this.stage = stage;
            this.passes = passes;
            activation = new boolean[spec.chunks()][spec.microBatches()];
            gradient = new boolean[spec.chunks()][spec.microBatches()];
            int w = 0;
            while (w < passes.size() && passes.get(w).forward()) {
                w++;
            }
            warmup = Math.min(w, passes.size() / 2);
            sent = new boolean[passes.size()];
            Arrays.fill(sent, true);
        }

        /**
         * Whether pass {@code n} may start as far as this stage's own asynchronous sends go: the send of the pass before
         * the previous one has completed, and before the cool-down every send has (Megatron-LM's waits, {@link
         * P2pOverlap}).
         */
        boolean sendsAllow(int n) {
            if (n >= 2 && !sent[n - 2]) {
                return false;
            }
            return n < passes.size() - warmup || n < 1 || sent[n - 1];
        }

        /** The virtual stage of the pass's chunk on this stage. */
        int virtual(OneFOneB.Pass pass) {
            return pass.chunk() * spec.stages() + stage;
        }

        void tryStart() {
            if (busy || next == passes.size()) {
                return;
            }
            OneFOneB.Pass pass = passes.get(next);
            int j = virtual(pass);
            boolean inputHere = pass.forward()
                    ? j == 0 || activation[pass.chunk()][pass.microBatch()]
                    : j == spec.virtualStages() - 1 || gradient[pass.chunk()][pass.microBatch()];
            if (!inputHere || !sendsAllow(next)) {
                return;
            }
            busy = true;
            int n = next++;
            double seconds = pass.forward() ? spec.forwardS()[j] : spec.backwardS()[j];
            events.after(seconds, () -> done(n, pass, seconds));
        }

        private void done(int n, OneFOneB.Pass pass, double seconds) {
            int j = virtual(pass);
            int p = spec.stages();
            double send = 0;
            if (pass.forward() && j < spec.virtualStages() - 1) {
                send = spec.sendS()[j];
                Worker to = workers[(j + 1) % p];
                int chunk = (j + 1) / p;
                events.after(send, () -> {
                    to.activation[chunk][pass.microBatch()] = true;
                    to.tryStart();
                });
            } else if (!pass.forward() && j > 0) {
                send = spec.sendS()[j - 1];
                Worker to = workers[(j - 1) % p];
                int chunk = (j - 1) / p;
                events.after(send, () -> {
                    to.gradient[chunk][pass.microBatch()] = true;
                    to.tryStart();
                });
            }
            if (send > 0 && P2pOverlap.asynchronous(spec.overlapP2p(), n, warmup, passes.size())) {
                // Sent while the stage runs its next pass; a later pass waits for it (sendsAllow).
                sent[n] = false;
                events.after(send, () -> {
                    sent[n] = true;
                    tryStart();
                });
                send = 0;
            }
            events.after(send, () -> {
                busy = false;
                if (next == passes.size()) {
                    flushed(stage, seconds);
                } else {
                    tryStart();
                }
            });
        }
    }
}
