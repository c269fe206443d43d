package io.stepcast.queueing.simulation;

import java.util.Optional;

/**
 * Flow-level aggregation of identical workers: when the W workers of a parameter-server job are identical and sit
 * behind identical links, they all do the same thing at the same time, so one representative worker is simulated
 * and each of its transfers stands for one transfer per worker on every link it crosses (a class with
 * multiplicity). The cost of a run then no longer depends on W.
 *
 * <p>Why it is exact. The max-min fair allocation is unique, so in a symmetric state it is symmetric: every worker's
 * transfers of one kind get the same rate. Progressive filling saturates a link {@code l} of capacity {@code C}
 * when {@code m n r = C}, with {@code n} the representative's transfers on {@code l}, {@code r} their rate and
 * {@code m} the copies of the representative that share {@code l} (W for a parameter server's NIC, the clients per
 * host for a worker host's NIC and bus); that is progressive filling over the representative alone with the
 * capacity {@code C / m}. So the representative runs on a network whose links have those capacities, and its
 * throughput, times the clients it stands for, is the job's: the symmetric solution, in which events of the same
 * instant happen together.
 *
 * <p>The full simulation handles the events of one instant one at a time (timed events before transfer
 * completions) and completes a crowd of equal transfers a rounding error apart, so it does not always keep
 * identical workers in step: at a barrier the first worker to end its step can start the next before the other
 * workers' gradients of that instant are counted, and send a later tensor first. Where it keeps them in step the two
 * agree within 1e-9 (the test); elsewhere they differ, by up to tens of percent (predictors-queueing/README.md).
 *
 * <p>The symmetry holds for synchronous training (the workers start together and meet at every tensor's barrier)
 * with a static transfer order, no jitter, servers on hosts of their own and as many workers on every host. Every
 * other setup is refused with its reason ({@link #refusal}): asynchronous workers start at staggered random times,
 * random orders and jitter are drawn per worker, a colocated server is local to some workers only, and an uneven
 * placement gives the hosts different loads. One client (one worker, or one host aggregating its workers) needs no
 * symmetry and is always accepted.
 */
public final class SymmetricAggregation {
    private SymmetricAggregation() {
    }

    /** Why the workers of {@code setup} do not all behave identically; empty when one can stand for all. */
    public static Optional<String> refusal(SimulationSetup setup) {
        if (clients(setup) == 1) {
            return Optional.empty();
        }
        if (setup.mode() == Mode.ASYNC) {
            return Optional.of("asynchronous workers start at staggered random times, so no two are identical "
                    + "(synchronous mode is)");
        }
        if (setup.policy() == OrderPolicy.RANDOM) {
            return Optional.of("the random transfer order is drawn per worker and step (fifo, tic and tac are the "
                    + "same for every worker)");
        }
        if (setup.transferJitter() > 0 || setup.computeJitter() > 0) {
            return Optional.of("jitter is drawn per worker and message (needs transfer and compute jitter 0)");
        }
        if (setup.colocatedPs()) {
            return Optional.of("colocated parameter servers are local to some workers and remote to the others");
        }
        if (setup.workers() % setup.workerHosts() != 0) {
            return Optional.of(setup.workers() + " workers on " + setup.workerHosts()
                    + " hosts is an uneven placement (some hosts carry more workers than others)");
        }
        return Optional.empty();
    }

    /**
     * One run of {@code setup} through a representative worker, with the throughput of all of them.
     *
     * @throws IllegalArgumentException when the setup is not symmetric ({@link #refusal})
     */
    static RunResult run(CompiledProfile profile, SimulationSetup setup, int[] order, long seed, TraceSink trace) {
        requireSymmetric(setup);
        int clients = clients(setup);
        int perHost = clients / setup.workerHosts();
        SimulationSetup one = representative(setup);
        // Host 0 carries the representative, hosts 1..P the shards (servers on hosts of their own).
        Simulator s = new Simulator(profile, one, order, seed, trace, (nic, bus) -> {
            double[] n = nic.clone();
            double[] b = bus.clone();
            for (int h = 0; h < n.length; h++) {
                n[h] /= h == 0 ? perHost : clients;
            }
            b[0] /= perHost;
            return new FairShareNetwork(n, b);
        });
        RunResult r = s.run(SimulationRunner.eventBudget(profile, one, s.simulatedWorkers()));
        return new RunResult(r.stepsPerS() * clients, r.stepTimeS(), r.simulatedTimeS(), r.events(),
                r.receiveOffsetsS());
    }

    /** @throws IllegalArgumentException naming the reason when {@code setup} is not symmetric */
    static void requireSymmetric(SimulationSetup setup) {
        refusal(setup).ifPresent(reason -> {
            throw new IllegalArgumentException("cannot aggregate " + setup.workers() + " workers: " + reason);
        });
    }

    /** The network clients the full simulation has: hosts when they aggregate their workers, else workers. */
    static int clients(SimulationSetup setup) {
        return setup.hostAggregation() ? setup.workerHosts() : setup.workers();
    }

    /** The representative: one client (one worker, or one host with its workers) on one host. */
    static SimulationSetup representative(SimulationSetup setup) {
        if (clients(setup) == 1) {
            return setup;
        }
        int devices = setup.hostAggregation() ? setup.workers() / setup.workerHosts() : 1;
        return setup.withWorkers(devices).withNodes(1);
    }
}
