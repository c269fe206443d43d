package io.stepcast.queueing.cli;

import io.stepcast.api.collective.Placement;
import io.stepcast.api.profile.Profile;
import io.stepcast.queueing.simulation.AllReduceLinks;
import io.stepcast.queueing.simulation.AllReduceSetup;
import io.stepcast.queueing.simulation.AllReduceSimulator;
import io.stepcast.queueing.simulation.ChromeTrace;
import io.stepcast.queueing.simulation.CompiledProfile;
import io.stepcast.queueing.simulation.SimulationRunner;
import io.stepcast.queueing.simulation.ThroughputEstimate;
import picocli.CommandLine;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code stepcast simulate --architecture allreduce} for a profile without the collectives of a data-parallel job:
 * bucketed gradient all-reduce ({@link AllReduceSimulator}) over the worker counts. One worker reproduces the profiled
 * (or {@code --step-time}) step; every worker count is placed on {@code --nodes} nodes, or on nodes of
 * {@code --gpus-per-node} GPUs, and its all-reduce costed over the {@code --hardware} links ({@link AllReduceLinks});
 * an explicit {@code --bandwidth-gbps} overrides the catalog's NICs.
 *
 * @param cli      the command line, for the output and the usage error of links the catalog cannot cost
 * @param run      the options every path shares
 * @param network  the placement and links options
 * @param bucketMb the gradient bucket cap in MB
 */
record AllReduceSweep(CommandLine cli, SimulateRun run, AllReduceNetwork network, double bucketMb) {

    /** Simulates {@code profile} at every worker count and prints the throughput. */
    void simulate(Profile profile) throws IOException {
        CompiledProfile compiled = CompiledProfile.of(profile);
        double scale = AllReduceSimulator.calibrate(compiled) * run.localBatch() / profile.localBatch();
        String label = network.hardware().orElse("unknown");
        int perNode = network.gpusPerNode().orElseGet(() -> network.links().devicesPerNode(label).orElse(1));
        double bucket = bucketMb * 1e6;
        int largest = run.largest();
        List<ThroughputEstimate> points = new ArrayList<>();
        List<Placement> placements = new ArrayList<>();
        ChromeTrace trace = null;
        for (int w : run.workers()) {
            Placement placement = network.placement(w, perNode);
            AllReduceLinks.Resolved r = network.resolve(label, placement, "give --intra-node-gbps");
            if (r.cost().isEmpty()) {
                throw new CommandLine.ParameterException(cli, network.hardware().map(h -> "--hardware " + h)
                        .orElse("--hardware not given") + ": " + r.reason());
            }
            AllReduceSetup setup = new AllReduceSetup(w, r.cost().get(), bucket, scale, run.steps(),
                    run.computeJitter());
            // Only the first run of the largest count is traced: a repeated count would overwrite it.
            ChromeTrace t = w == largest && trace == null ? run.newTrace() : null;
            points.add(SimulationRunner.runAllReduce(compiled, setup, run.seeds(), SimulateRun.SEED, t));
            placements.add(placement);
            if (t != null) {
                trace = t;
            }
        }
        String header = String.format(Locale.ROOT, "%s, local batch %d, allreduce, buckets of %s MB, hardware %s",
                profile.model(), run.localBatch(), BigDecimal.valueOf(bucket / 1e6).round(new MathContext(4))
                        .stripTrailingZeros().toPlainString(), label);
        run.report(cli.getOut(), trace, header, points, placements);
    }
}
