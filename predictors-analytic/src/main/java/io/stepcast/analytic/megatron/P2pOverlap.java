package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;

/**
 * Which stage-boundary sends of the interleaved 1F1B schedule overlap compute, in one place for the closed form
 * ({@link JobTerms}) and the simulation ({@link PipelineSimulation}). Megatron-LM's
 * {@code forward_backward_pipelining_with_interleaving} with {@code overlap_p2p_comm}
 * ({@code megatron/core/pipeline_parallel/schedules.py}, read at NVIDIA/Megatron-LM@00611e6e) sends in its steady state asynchronously: a forward pass's
 * activation is sent while the same step's backward pass runs, and a backward pass's gradient while the next step's
 * forward pass runs, each waited for only before the stage's pass after that; its warm-up forward sends and cool-down
 * backward sends are blocking calls (unless {@code overlap_p2p_comm_warmup_flush}, off by default), and the last
 * steady-state gradient send is waited for before the first cool-down pass. So a steady-state send is exposed only by
 * what exceeds the next pass on its stage.
 * <p>
 * Whether the overlap is on is the layout's {@link ParallelLayout#overlapP2pComm()}. Its default follows the code the
 * recent published rows ran: Megatron-LM turns it on unless {@code --no-overlap-p2p-communication} and off for the
 * non-interleaved schedule, which does not support it ({@code megatron/training/arguments.py}); Megatron-Bridge's
 * {@code CommOverlapConfig} sets it exactly when pipeline and virtual stages are both above 1, else batched blocking
 * sends ({@code src/megatron/bridge/training/comm_overlap.py}, NVIDIA-NeMo/Megatron-Bridge@0685ff5d);
 * NeMo-Framework-Launcher's GPT-3 175B configuration sets {@code overlap_p2p_comm: True}. Runs that predate the option
 * (NVIDIA/apex PR #1616, March 2023; NVIDIA/Megatron-LM PR #331, May 2023) state it false.
 *
 * @param on              whether the steady-state sends overlap compute
 * @param steadySteps     1F1B steps (a forward and a backward pass) in the first stage's steady state on the critical
 *                        path: v m minus its warm-up passes 2 (p - 1) + (v - 1) p, at least 0
 * @param chunks          v model chunks per stage
 * @param forwardFraction the forward pass's share of a chunk's work (1/3; 1/4 under full recomputation)
 */
record P2pOverlap(boolean on, double steadySteps, int chunks, double forwardFraction) {
    /** Every send exposed: the non-interleaved schedule. */
    static final P2pOverlap NONE = new P2pOverlap(false, 0, 1, 1.0 / 3);

    /**
     * Whether the layout's schedule overlaps its steady-state sends: its {@link ParallelLayout#overlapP2pComm()}, which
     * the layout allows only under the interleaved schedule.
     */
    static boolean overlapped(ParallelLayout layout) {
        return layout.overlapP2pComm();
    }

    /** The overlap of a layout whose passes split forward and backward work by {@code forwardFraction}. */
    static P2pOverlap of(ParallelLayout layout, double forwardFraction) {
        if (!overlapped(layout)) {
            return NONE;
        }
        int p = layout.pipeline();
        int v = layout.virtualStages();
        double total = (double) v * layout.microBatches();
        double warmup = Math.min(total, 2.0 * (p - 1) + (double) (v - 1) * p);
        return new P2pOverlap(true, total - warmup, v, forwardFraction);
    }

    /**
     * The closed form's exposed point-to-point seconds: {@code exchanges} slots of one activation and one gradient
     * message of {@code messageS} each; with the overlap on, the {@link #steadySteps} of them hide each message
     * behind the next pass of one chunk of a stage whose micro-batch takes {@code stageS}.
     */
    double exposedS(double exchanges, double messageS, double stageS) {
        if (!on) {
            return exchanges * 2 * messageS;
        }
        double chunk = stageS / chunks;
        double forward = forwardFraction * chunk;
        double steady = Math.max(0, messageS - (chunk - forward)) + Math.max(0, messageS - forward);
        return (exchanges - steadySteps) * 2 * messageS + steadySteps * steady;
    }

    /**
     * Whether pass {@code n} of a stage's {@code passes} passes, the first {@code warmup} of them forward, sends
     * asynchronously: a steady-state pass that is not the stage's last.
     */
    static boolean asynchronous(boolean on, int n, int warmup, int passes) {
        return on && n >= warmup && n < passes - warmup && n + 1 < passes;
    }
}
