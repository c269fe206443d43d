package io.stepcast.queueing.simulation;

import io.stepcast.queueing.SyntheticProfiles;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The incremental max-min fair engine ({@link FairShareNetwork}) against the one it replaced
 * ({@link ReferenceFairShareNetwork}): the same transfers complete in the same order at the same times (within
 * 1e-9 relative), on the simulator's scenarios and on randomized synthetic networks.
 */
class IncrementalFairShareTest {
    private static final double GBPS = 1e9 / 8;
    private static final double REL = 1e-9;

    /** Records every completion (time and tag) of the network it wraps. */
    private static final class Recording implements FlowNetwork {
        final FlowNetwork net;
        final List<double[]> done = new ArrayList<>();

        Recording(FlowNetwork net) {
            this.net = net;
        }

        @Override public int hosts() { return net.hosts(); }
        @Override public int nicClass(int src, int dst) { return net.nicClass(src, dst); }
        @Override public int busClass(int host, int direction) { return net.busClass(host, direction); }
        @Override public boolean busModelled(int host) { return net.busModelled(host); }
        @Override public void start(double at, int cls, double bytes, int tag) { net.start(at, cls, bytes, tag); }
        @Override public double nextCompletionTime() { return net.nextCompletionTime(); }
        @Override public int linkA(int cls) { return net.linkA(cls); }
        @Override public int linkB(int cls) { return net.linkB(cls); }
        @Override public String linkName(int l) { return net.linkName(l); }
        @Override public double rateOf(int cls) { return net.rateOf(cls); }
        @Override public long recomputations() { return net.recomputations(); }

        @Override
        public int completeNext(double at) {
            int tag = net.completeNext(at);
            done.add(new double[] {at, tag});
            return tag;
        }
    }

    private static List<double[]> record(CompiledProfile p, SimulationSetup setup, long seed, FlowNetwork.Factory f,
                                         RunResult[] result) {
        int[] order = SimulationRunner.staticOrder(p, setup);
        List<Recording> recs = new ArrayList<>();
        result[0] = new Simulator(p, setup, order, seed, null, (nic, bus) -> {
            Recording r = new Recording(f.create(nic, bus));
            recs.add(r);
            return r;
        }).run(100_000_000);
        return recs.get(0).done;
    }

    /**
     * Runs a scenario over the reference engine, over the reference engine with every NIC one part in 2^52 faster,
     * and over the incremental engine. Some scenarios are chaotic (identical workers without jitter fall into and
     * out of convoys): the reference's own completion times then move by more than 1e-9 under that one-ulp
     * perturbation after some point, and no engine that rounds differently can match it beyond. Up to that point
     * (all of a non-chaotic run) every completion must be the reference's, in order, within 1e-9 relative; a pair
     * of completions the reference separates by less than that (a tie up to rounding) may come in either order,
     * and the comparison ends there since the simulator's later draws then differ. Returns the fraction compared.
     */
    private static double assertSameRun(CompiledProfile p, SimulationSetup setup, long seed) {
        RunResult[] ref = new RunResult[1];
        RunResult[] inc = new RunResult[1];
        RunResult[] pert = new RunResult[1];
        List<double[]> a = record(p, setup, seed, ReferenceFairShareNetwork::new, ref);
        List<double[]> perturbed = record(p, setup, seed, (nic, bus) -> {
            double[] faster = nic.clone();
            for (int h = 0; h < faster.length; h++) {
                faster[h] = Math.nextUp(faster[h]);
            }
            return new ReferenceFairShareNetwork(faster, bus);
        }, pert);
        List<double[]> b = record(p, setup, seed, FairShareNetwork::new, inc);
        int determined = 0;
        while (determined < Math.min(a.size(), perturbed.size())
                && perturbed.get(determined)[1] == a.get(determined)[1]
                && Math.abs(perturbed.get(determined)[0] - a.get(determined)[0]) <= 1e-10 * a.get(determined)[0]) {
            determined++;
        }
        int compared = 0;
        boolean swapped = false;
        for (int i = 0; i < determined; i++) {
            double t = a.get(i)[0];
            assertThat(i).as("completions of %s", setup).isLessThan(b.size());
            assertThat(b.get(i)[0]).as("time of completion %d of %s", i, setup).isCloseTo(t, within(REL * t));
            if (!swapped && b.get(i)[1] != a.get(i)[1]) {
                assertThat(i + 1 < a.size() && a.get(i + 1)[0] - t <= REL * t)
                        .as("completion %d of %s: another transfer, not at a tie", i, setup).isTrue();
                if (setup.stochastic()) {
                    break; // the simulator's later draws go to other transfers
                }
                // Without draws only the transfers' numbering changes: the times must still agree.
                swapped = true;
            }
            compared++;
        }
        if (determined == a.size() && compared == a.size() && !swapped) {
            assertThat(b).hasSameSizeAs(a);
            assertThat(inc[0].events()).isEqualTo(ref[0].events());
            assertThat(inc[0].stepsPerS()).isCloseTo(ref[0].stepsPerS(), within(REL * ref[0].stepsPerS()));
        }
        System.out.printf("%s: %d of %d completions determined, %d compared%s%n", setup, determined, a.size(), compared,
                swapped ? " (times only after a tie)" : "");
        return a.isEmpty() ? 1 : (double) compared / a.size();
    }

    private static SimulationSetup async(int workers, int ps, Calibration c) {
        return SimulationSetup.builder().workersOnePerHost(workers).parameterServers(ps)
                .nicBytesPerS(10 * GBPS * c.bandwidthEfficiency()).latencyS(c.latencyS()).policy(OrderPolicy.RANDOM)
                .computeScale(c.computeScale()).steps(3, 20).build();
    }

    @Test
    void theSimulatorsScenariosCompleteTheSameTransfersAtTheSameTimes() {
        // The setups of SimulatorTest, on its synthetic chain and LeNet-like profiles.
        CompiledProfile chain = CompiledProfile.of(SyntheticProfiles.chain("chain", 32, 10, 4_000_000, 2000, 4000, 10, 50));
        Calibration c = Calibration.fit(chain, true, 10 * GBPS, 0, Double.POSITIVE_INFINITY);
        for (int ps : new int[] {1, 2}) {
            for (int w : new int[] {1, 2, 4, 8, 16, 32}) {
                assertSameRun(chain, async(w, ps, c).withSteps(5, 20), 11);
            }
        }
        assertSameRun(chain, async(8, 2, c), 5);
        SimulationSetup s = SimulationSetup.builder().nicBytesPerS(10 * GBPS).latencyS(c.latencyS()).mode(Mode.SYNC)
                .computeScale(c.computeScale()).steps(3, 20).build();
        for (int w : new int[] {1, 2, 8}) {
            assertSameRun(chain, s.withWorkers(w).withNodes(w), 1);
        }
        SimulationSetup local = SimulationSetup.builder().workers(4).colocatedPs(true).nicBytesPerS(10 * GBPS)
                .latencyS(50e-6).steps(2, 10).build();
        assertSameRun(chain, local, 1);
        for (boolean aggregate : new boolean[] {true, false}) {
            assertSameRun(chain, SimulationSetup.builder().workers(16).parameterServers(2).nodes(2).colocatedPs(true)
                    .nicBytesPerS(10 * GBPS).mode(Mode.SYNC).hostAggregation(aggregate).steps(2, 10).build(), 1);
        }
        // With a modelled bus (64 Gbit/s) and TIC / TAC orders.
        for (OrderPolicy policy : new OrderPolicy[] {OrderPolicy.TIC, OrderPolicy.TAC}) {
            assertSameRun(chain, SimulationSetup.builder().workers(8).parameterServers(2).nodes(4)
                    .nicBytesPerS(10 * GBPS).latencyS(20e-6).busBytesPerS(64 * GBPS).policy(policy).steps(2, 10)
                    .computeJitter(0.1).transferJitter(0.1).build(), 3);
        }
        CompiledProfile lenet = CompiledProfile.of(SyntheticProfiles.lenetLike(false));
        Calibration lc = Calibration.fit(lenet, false, GBPS, 0, Double.POSITIVE_INFINITY);
        for (int w : new int[] {1, 8, 32}) {
            for (double jitter : new double[] {0, 0.1}) {
                assertSameRun(lenet, SimulationSetup.builder().workersOnePerHost(w)
                        .nicBytesPerS(GBPS * lc.bandwidthEfficiency()).latencyS(lc.latencyS())
                        .busBytesPerS(lc.busBytesPerS()).policy(OrderPolicy.RANDOM).computeScale(lc.computeScale())
                        .steps(10, 30).transferJitter(jitter).build(), 1);
            }
        }
    }

    /**
     * Synthetic: random hosts, capacities (some buses finite), and random transfers started between random
     * completions; every completion of both engines is compared as it happens.
     */
    @Test
    void randomizedSyntheticNetworksCompleteTheSameTransfersAtTheSameTimes() {
        SplittableRandom rng = new SplittableRandom(20261203);
        for (int trial = 0; trial < 300; trial++) {
            int hosts = 2 + rng.nextInt(7);
            double[] nic = new double[hosts];
            double[] bus = new double[hosts];
            for (int h = 0; h < hosts; h++) {
                // A few distinct capacities, so that links tie and differ.
                nic[h] = 100 * (1 + rng.nextInt(3));
                bus[h] = rng.nextInt(3) == 0 ? 50 * (1 + rng.nextInt(4)) : Double.POSITIVE_INFINITY;
            }
            ReferenceFairShareNetwork ref = new ReferenceFairShareNetwork(nic, bus);
            FairShareNetwork inc = new FairShareNetwork(nic.clone(), bus.clone());
            double now = 0;
            int tag = 0;
            int inFlight = 0;
            int steps = 50 + rng.nextInt(200);
            for (int step = 0; step < steps; step++) {
                int starts = inFlight == 0 ? 1 + rng.nextInt(4) : rng.nextInt(4);
                for (int k = 0; k < starts; k++) {
                    int src = rng.nextInt(hosts);
                    boolean onBus = Double.isFinite(bus[src]) && rng.nextInt(4) == 0;
                    // Sizes drawn from a few values, so that completions also tie.
                    double bytes = rng.nextInt(3) == 0 ? 100 : 1 + rng.nextInt(1000);
                    if (onBus) {
                        int dir = rng.nextInt(2);
                        ref.start(now, ref.busClass(src, dir), bytes, tag);
                        inc.start(now, inc.busClass(src, dir), bytes, tag);
                    } else {
                        int dst = (src + 1 + rng.nextInt(hosts - 1)) % hosts;
                        ref.start(now, ref.nicClass(src, dst), bytes, tag);
                        inc.start(now, inc.nicClass(src, dst), bytes, tag);
                    }
                    tag++;
                    inFlight++;
                }
                double tr = ref.nextCompletionTime();
                double ti = inc.nextCompletionTime();
                assertThat(ti).as("trial %d step %d", trial, step).isCloseTo(tr, within(REL * tr));
                // Sometimes start more transfers part-way to the next completion.
                if (rng.nextInt(3) == 0) {
                    now = now + (tr - now) * rng.nextDouble();
                    continue;
                }
                double[] done = completeBoth(ref, inc, tr);
                inFlight -= (int) done[0];
                now = done[1];
            }
            while (inFlight > 0) {
                double tr = ref.nextCompletionTime();
                assertThat(inc.nextCompletionTime()).isCloseTo(tr, within(REL * tr));
                inFlight -= (int) completeBoth(ref, inc, tr)[0];
            }
            assertThat(inc.nextCompletionTime()).isEqualTo(Double.POSITIVE_INFINITY);
        }
    }

    /**
     * Completes the next transfer in both engines; when they pick different ones, the two must finish within
     * 1e-9 of each other (a tie up to rounding), and completing the other one too brings them level. Returns the
     * transfers completed and the latest time either engine reached.
     */
    private static double[] completeBoth(ReferenceFairShareNetwork ref, FairShareNetwork inc, double tr) {
        List<Integer> x = new ArrayList<>(List.of(ref.completeNext(tr)));
        List<Integer> y = new ArrayList<>(List.of(inc.completeNext(tr)));
        double latest = tr;
        while (!new HashSet<>(x).equals(new HashSet<>(y))) {
            assertThat(x.size()).as("ties at %s: %s against %s", tr, x, y).isLessThan(20);
            double tr2 = ref.nextCompletionTime();
            double ti2 = inc.nextCompletionTime();
            boolean tied = false;
            if (tr2 - tr <= REL * tr) {
                x.add(ref.completeNext(tr2));
                latest = Math.max(latest, tr2);
                tied = true;
            }
            if (ti2 - tr <= REL * tr) {
                y.add(inc.completeNext(ti2));
                latest = Math.max(latest, ti2);
                tied = true;
            }
            assertThat(tied).as("at %s the reference completed %s, the incremental engine %s, and no tie is left",
                    tr, x, y).isTrue();
        }
        return new double[] {x.size(), latest};
    }

    @Test
    void ratesAgreeWithTheReferenceOnASharedBottleneckAndPrivateLinks() {
        // Synthetic: a server (host 0) sends to 5 hosts, one of which (host 5, NIC 20) is slower than the equal share.
        double[] nic = {100, 100, 100, 100, 100, 20};
        double[] bus = new double[6];
        Arrays.fill(bus, Double.POSITIVE_INFINITY);
        ReferenceFairShareNetwork ref = new ReferenceFairShareNetwork(nic, bus);
        FairShareNetwork inc = new FairShareNetwork(nic, bus);
        for (int d = 1; d < 6; d++) {
            ref.start(0, ref.nicClass(0, d), 1000, d);
            inc.start(0, inc.nicClass(0, d), 1000, d);
        }
        for (int d = 1; d < 6; d++) {
            assertThat(inc.rateOf(inc.nicClass(0, d))).isCloseTo(ref.rateOf(ref.nicClass(0, d)), within(1e-9));
        }
        assertThat(inc.rateOf(inc.nicClass(0, 5))).isCloseTo(20, within(1e-9));
        assertThat(inc.rateOf(inc.nicClass(0, 1))).isCloseTo(20, within(1e-9));
    }
}
