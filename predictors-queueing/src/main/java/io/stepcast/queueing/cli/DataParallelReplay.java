package io.stepcast.queueing.cli;

import io.stepcast.api.collective.Placement;
import io.stepcast.api.profile.Profile;
import io.stepcast.queueing.simulation.AllReduceLinks;
import io.stepcast.queueing.simulation.CollectiveReplay;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code stepcast simulate --architecture allreduce} for a profile recorded on a rank of a data-parallel job: the
 * replay of its trace ({@link CollectiveReplay}), its compute as measured. At the trace's world size and placement
 * every collective takes its measured time, elsewhere its measured time plus the cost model's difference, new
 * placement minus the trace's ({@link AllReduceLinks}, over the links of {@code --hardware}, else of the trace's
 * device). The trace's placement is its world size on one node, or on {@code --nodes}; there, and on one worker, the
 * replay needs no links, so a trace whose device the catalog does not know ({@code unknown}) replays without
 * {@code --hardware}, which only scaling to another placement asks for. When collectives of the trace
 * have bytes estimated from their durations (upper bounds), a note on stderr says so, the JSON output counts them
 * ({@code collective_bytes}), and at other placements than the trace's and one worker the step is a range
 * ({@link CollectiveReplay#stepBounds}) rather than a prediction.
 *
 * @param cli         the command line, for the output, the note and the usage error of links without times
 * @param run         the options every path shares (the replay runs no seeds, steps or jitter)
 * @param network     the placement and links options
 * @param profileFile the trace's file, named in the note and in the error of a trace the scaling cannot use
 */
record DataParallelReplay(CommandLine cli, SimulateRun run, AllReduceNetwork network, Path profileFile) {

    /** Whether {@code profile} is a rank of a data-parallel job that recorded its collectives, which this replays. */
    static boolean replays(Profile profile) {
        return profile.rank().worldSize() > 1 && !profile.collectives().isEmpty();
    }

    /** Replays {@code profile} at every worker count and prints the steps. */
    void simulate(Profile profile) throws IOException {
        int world = profile.rank().worldSize();
        List<Integer> workers = run.workers();
        String label = network.hardware().orElseGet(() -> profile.rank().device());
        int perNode = network.gpusPerNode()
                .orElseGet(() -> Math.max(world, network.links().devicesPerNodeOfSystems(label).orElse(world)));
        Placement measured = Placement.spread(world, network.nodes().orElse(1));
        CollectiveReplay replay = new CollectiveReplay(profile);
        List<CollectiveReplay.StepBounds> steps = new ArrayList<>();
        List<Placement> placements = new ArrayList<>();
        AllReduceLinks.CollectiveTimes traceTimes = null;
        for (int w : workers) {
            Placement placement = network.placement(w, perNode);
            try {
                // The trace's own placement and one worker need no links, hence no hardware label.
                var exact = replay.withoutCostModel(measured, placement);
                if (exact.isPresent()) {
                    steps.add(exact.get());
                } else {
                    if (traceTimes == null) {
                        traceTimes = times(label, measured, w, world);
                    }
                    steps.add(replay.stepBounds(measured, placement, traceTimes, times(label, placement, w, world)));
                }
            } catch (IllegalArgumentException e) {
                // Bad input, not a usage error: the trace lacks what the scaling needs.
                throw new IOException(profileFile + ": " + e.getMessage(), e);
            }
            placements.add(placement);
        }
        long estimated = profile.collectives().stream().filter(c -> c.bytes().isPresent() && !c.bytesMeasured())
                .count();
        if (estimated > 0) {
            PrintWriter err = cli.getErr();
            err.printf(Locale.ROOT, "note: %s: %d of the %d collectives of the replayed step have bytes estimated from "
                            + "their durations and the catalog's links, upper bounds (a kernel's time also holds its wait "
                            + "for the other ranks); at %d workers on %d node(s) and at 1 the step is the replay of the "
                            + "measured times, elsewhere it is bounded, not predicted: low and high ends take each "
                            + "estimated collective as all waiting or all transfer (scaled by the cost model's ratio); "
                            + "a trace recorded with record_shapes=True gives the bytes%n", profileFile, estimated,
                    profile.collectives().size(), world, measured.nodes());
            err.flush();
        }
        PrintWriter out = cli.getOut();
        SimulateOutput output = new SimulateOutput(run.localBatch());
        if (run.json()) {
            out.println(output.replayJson(workers, steps, placements, profile.collectives().size(), estimated));
        } else {
            output.replayTable(out, String.format(Locale.ROOT, "%s, local batch %d, allreduce replay of a rank of %d "
                            + "(%d collectives/step%s), hardware %s; at %d workers on %d node(s) the trace's measured "
                            + "collectives, elsewhere scaled by the cost model", profile.model(), run.localBatch(), world,
                    profile.collectives().size(), estimated > 0 ? ", " + estimated + " with estimated bytes" : "",
                    label, world, measured.nodes()), workers, steps, placements);
        }
        out.flush();
    }

    /**
     * Every collective kind's time over {@code placement}, to scale the trace of {@code world} ranks to
     * {@code workers}; a usage error when the links of {@code label} give none, or when the trace names no GPU the
     * catalog knows and no {@code --hardware} names one.
     */
    private AllReduceLinks.CollectiveTimes times(String label, Placement placement, int workers, int world) {
        AllReduceLinks.Resolved r = network.resolve(label, placement, "give --intra-node-gbps or --hardware SYSTEM");
        if (r.times().isEmpty() && network.hardware().isEmpty() && !network.links().known(label)) {
            throw new CommandLine.ParameterException(cli, String.format(Locale.ROOT, "--workers %d: the trace's "
                    + "device '%s' is not in the hardware catalog, so scaling it from its %d ranks needs --hardware "
                    + "NAME (a system or GPU of 'stepcast hardware list') or --intra-node-gbps; its own world size "
                    + "needs neither", workers, label, world));
        }
        if (r.times().isEmpty()) {
            throw new CommandLine.ParameterException(cli, (network.hardware().isPresent() ? "--hardware " + label
                    : "--workers " + workers + ": the trace's device " + label) + ": " + r.reason());
        }
        return r.times().get();
    }
}
