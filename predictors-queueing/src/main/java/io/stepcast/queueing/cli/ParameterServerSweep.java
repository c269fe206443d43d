package io.stepcast.queueing.cli;

import io.stepcast.api.profile.Profile;
import io.stepcast.queueing.simulation.Calibration;
import io.stepcast.queueing.simulation.ChromeTrace;
import io.stepcast.queueing.simulation.CompiledProfile;
import io.stepcast.queueing.simulation.Mode;
import io.stepcast.queueing.simulation.OrderPolicy;
import io.stepcast.queueing.simulation.ParameterServerPlan;
import io.stepcast.queueing.simulation.SimulationRunner;
import io.stepcast.queueing.simulation.SimulationSetup;
import io.stepcast.queueing.simulation.SymmetricAggregation;
import io.stepcast.queueing.simulation.ThroughputEstimate;
import picocli.CommandLine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code stepcast simulate --architecture ps}: the parameter-server simulation of every worker count, planned as the
 * estimator plans its runs ({@link ParameterServerPlan}) but calibrated in the run's own replay, so that one worker in
 * the layout given reproduces the profiled step. Every host carries {@code --workers-per-host}
 * workers; in sync mode with several on a host, the host aggregates its workers. With {@code --aggregate} each count
 * runs one representative of its identical workers ({@link SymmetricAggregation}), and a setup whose workers are not
 * identical is a usage error with the reason.
 *
 * @param cli     the command line, for the output and the usage error of a refused {@code --aggregate}
 * @param run     the options every path shares
 * @param options the parameter-server options
 */
record ParameterServerSweep(CommandLine cli, SimulateRun run, Options options) {
    private static final double GBPS = 1e9 / 8;

    /**
     * The validated parameter-server options.
     *
     * @param ps             parameter-server shards
     * @param colocated      servers on the workers' hosts
     * @param workersPerHost workers per host
     * @param bandwidthGbps  NIC bandwidth per direction
     * @param busGbps        host bus bandwidth per direction, 0 when not modelled
     * @param latencyUs      per-message latency when the profile has no receive times
     * @param order          the order of the transfers
     * @param mode           synchronous or asynchronous training
     * @param warmup         warm-up steps per worker
     * @param transferJitter coefficient of variation of each network message's transfer
     * @param threads        threads running the seeds and worker counts
     * @param aggregate      one representative of identical workers
     */
    record Options(int ps, boolean colocated, int workersPerHost, double bandwidthGbps, double busGbps,
                   double latencyUs, OrderPolicy order, Mode mode, int warmup, double transferJitter, int threads,
                   boolean aggregate) {
    }

    /** Simulates {@code profile} at every worker count and prints the throughput. */
    void simulate(Profile profile) throws IOException {
        Mode mode = options.mode();
        double nic = options.bandwidthGbps() * GBPS;
        double latencyS = options.latencyUs() * 1e-6;
        double bus = options.busGbps() > 0 ? options.busGbps() * GBPS : Double.POSITIVE_INFINITY;
        CompiledProfile compiled = CompiledProfile.of(profile);
        ParameterServerPlan plan = ParameterServerPlan.create().mode(mode).policy(options.order())
                .steps(options.warmup(), run.steps()).computeJitter(run.computeJitter())
                .transferJitter(options.transferJitter()).calibrateInTheRun(run.seeds(), SimulateRun.SEED);
        Calibration cal = plan.calibrate(compiled, !options.colocated(), nic, latencyS, bus);
        plan.nominalBytesPerS(nic).batchRatio((double) run.localBatch() / profile.localBatch());
        int perHost = options.workersPerHost();
        List<SimulationSetup> setups = new ArrayList<>();
        for (int w : run.workers()) {
            SimulationSetup setup = plan.job(w, options.ps(), (w + perHost - 1) / perHost, options.colocated())
                    .setup(cal);
            if (options.aggregate()) {
                SymmetricAggregation.refusal(setup).ifPresent(reason -> {
                    throw new CommandLine.ParameterException(cli, "--aggregate: " + reason);
                });
            }
            setups.add(setup);
        }
        ChromeTrace trace = run.newTrace();
        List<ThroughputEstimate> points = SimulationRunner.runAll(compiled, setups, run.seeds(), SimulateRun.SEED,
                trace, run.workers().indexOf(run.largest()), options.threads(), options.aggregate());
        String header = String.format(Locale.ROOT, "%s, local batch %d, %s, policy %s, %d PS%s, %.3g Gbit/s%s",
                profile.model(), run.localBatch(), mode.label(), options.order().label(), options.ps(),
                options.colocated() ? " colocated" : "", options.bandwidthGbps(),
                options.aggregate() ? ", aggregated (one representative worker)" : "");
        run.report(cli.getOut(), trace, header, points, null);
    }
}
