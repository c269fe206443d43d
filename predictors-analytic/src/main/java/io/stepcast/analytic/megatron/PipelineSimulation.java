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
 * arrives at the neighbour when the send completes. After its last backward pass a stage all-reduces its
 * gradients with its data-parallel replicas (Narayanan et al., SC'21, section 2.1), optionally overlapped with
 * that last backward pass; with several stages the first and the last then all-reduce the tied embedding's
 * gradients (Shoeybi et al. 2019, section 3); the gradient-norm all-reduce over all stages before the optimizer
 * step (Megatron-LM's {@code clip_grad_norm}) is a barrier, after which every stage runs its optimizer step.
 * Everything the simulation takes is in seconds and comes from {@link MegatronCostModel}; nothing is measured
 * here. One instance simulates one iteration; not thread-safe.
 */
final class PipelineSimulation {
    /**
     * What one iteration costs, per stage.
     *
     * @param forwardS     forward pass of one micro-batch on stage i (compute and its tensor-parallel all-reduces)
     * @param backwardS    backward pass of one micro-batch on stage i
     * @param sendS        one activation (or gradient) message between stage i and i + 1; length p - 1
     * @param dataS        the data-parallel gradient all-reduce of stage i
     * @param embeddingS   the tied embedding's all-reduce between the first and the last stage (p > 1)
     * @param optimizerS   the optimizer step of stage i
     * @param microBatches m
     * @param overlapData  whether the data-parallel all-reduce overlaps the stage's last backward pass
     */
    record Spec(double[] forwardS, double[] backwardS, double[] sendS, double[] dataS, double embeddingS,
                double[] optimizerS, int microBatches, boolean overlapData) {
        Spec {
            int p = forwardS.length;
            if (p < 1 || backwardS.length != p || sendS.length != p - 1 || dataS.length != p || optimizerS.length != p) {
                throw new IllegalArgumentException("a pipeline of " + p + " stages needs " + p + " forward, backward,"
                        + " data and optimizer times and " + (p - 1) + " send times");
            }
            if (microBatches < 1) {
                throw new IllegalArgumentException("micro-batches must be at least 1, was " + microBatches);
            }
        }

        int stages() {
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
            workers[i] = new Worker(i, OneFOneB.order(i, p, spec.microBatches()), spec.microBatches());
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

    /** Stage {@code i} has flushed its pipeline: its data-parallel all-reduce starts. */
    private void flushed(int i) {
        flush[i] = events.now();
        double data = spec.dataS()[i];
        if (spec.overlapData()) {
            // Gradients become ready layer by layer during the last backward pass, which hides that much.
            data = Math.max(0, data - spec.backwardS()[i]);
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

    /** One stage: its passes in 1F1B order and the inputs that have arrived. */
    private final class Worker {
        final int stage;
        final List<OneFOneB.Pass> passes;
        final boolean[] activation;
        final boolean[] gradient;
        int next;
        boolean busy;

        Worker(int stage, List<OneFOneB.Pass> passes, int microBatches) {
            this.stage = stage;
            this.passes = passes;
            activation = new boolean[microBatches];
            gradient = new boolean[microBatches];
        }

        void tryStart() {
            if (busy || next == passes.size()) {
                return;
            }
            OneFOneB.Pass pass = passes.get(next);
            boolean inputHere = pass.forward()
                    ? stage == 0 || activation[pass.microBatch()]
                    : stage == spec.stages() - 1 || gradient[pass.microBatch()];
            if (!inputHere) {
                return;
            }
            busy = true;
            next++;
            double seconds = pass.forward() ? spec.forwardS()[stage] : spec.backwardS()[stage];
            events.after(seconds, () -> done(pass));
        }

        private void done(OneFOneB.Pass pass) {
            double send = 0;
            if (pass.forward() && stage < spec.stages() - 1) {
                send = spec.sendS()[stage];
                Worker to = workers[stage + 1];
                events.after(send, () -> {
                    to.activation[pass.microBatch()] = true;
                    to.tryStart();
                });
            } else if (!pass.forward() && stage > 0) {
                send = spec.sendS()[stage - 1];
                Worker to = workers[stage - 1];
                events.after(send, () -> {
                    to.gradient[pass.microBatch()] = true;
                    to.tryStart();
                });
            }
            events.after(send, () -> {
                busy = false;
                if (next == passes.size()) {
                    flushed(stage);
                } else {
                    tryStart();
                }
            });
        }
    }
}
