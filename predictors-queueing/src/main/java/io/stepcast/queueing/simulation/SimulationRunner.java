package io.stepcast.queueing.simulation;

import java.util.Arrays;

/**
 * Runs the {@link Simulator} over several seeds and summarises the throughput: the mean and its spread
 * (sample standard deviation) over seeds. Only stochastic setups ({@link OrderPolicy#RANDOM} or compute jitter)
 * use the seed; the others are deterministic and run once.
 */
public final class SimulationRunner {
    private SimulationRunner() {
    }

    /**
     * @param seeds    seeds of a stochastic setup (seed {@code baseSeed + i}); deterministic ones run once
     * @param traceSink receives the execution of the first seed, or null
     */
    public static ThroughputEstimate run(CompiledProfile profile, SimulationSetup setup, int seeds, long baseSeed,
                                         TraceSink traceSink) {
        if (seeds < 1) {
            throw new IllegalArgumentException("seeds must be at least 1, was " + seeds);
        }
        int runs = setup.stochastic() ? seeds : 1;
        int[] order = staticOrder(profile, setup);
        double[] rates = new double[runs];
        double stepTime = 0;
        long events = 0;
        double[] offsets = null;
        for (int i = 0; i < runs; i++) {
            Simulator s = new Simulator(profile, setup, order, baseSeed + i, i == 0 ? traceSink : null);
            RunResult r = s.run(eventBudget(profile, setup, s.simulatedWorkers()));
            rates[i] = r.stepsPerS();
            stepTime += r.stepTimeS();
            events += r.events();
            if (i == 0) {
                offsets = r.receiveOffsetsS();
            }
        }
        double mean = Arrays.stream(rates).average().orElseThrow();
        double var = 0;
        for (double x : rates) {
            var += (x - mean) * (x - mean);
        }
        double sd = runs > 1 ? Math.sqrt(var / (runs - 1)) : 0;
        return new ThroughputEstimate(setup.workers(), mean, sd, Arrays.stream(rates).min().orElseThrow(),
                Arrays.stream(rates).max().orElseThrow(), stepTime / runs, runs, events, offsets);
    }

    /**
     * Runs the {@link AllReduceSimulator}: once when deterministic, else over {@code seeds} seeds from
     * {@code baseSeed}.
     *
     * @param traceSink receives the first step of the first seed, or null
     */
    public static ThroughputEstimate runAllReduce(CompiledProfile profile, AllReduceSetup setup, int seeds,
                                                  long baseSeed, TraceSink traceSink) {
        if (seeds < 1) {
            throw new IllegalArgumentException("seeds must be at least 1, was " + seeds);
        }
        int runs = setup.stochastic() ? seeds : 1;
        double[] rates = new double[runs];
        double stepTime = 0;
        long events = 0;
        for (int i = 0; i < runs; i++) {
            RunResult r = new AllReduceSimulator(profile, setup, baseSeed + i, i == 0 ? traceSink : null).run();
            rates[i] = r.stepsPerS();
            stepTime += r.stepTimeS();
            events += r.events();
        }
        double mean = Arrays.stream(rates).average().orElseThrow();
        double var = 0;
        for (double x : rates) {
            var += (x - mean) * (x - mean);
        }
        double sd = runs > 1 ? Math.sqrt(var / (runs - 1)) : 0;
        return new ThroughputEstimate(setup.workers(), mean, sd, Arrays.stream(rates).min().orElseThrow(),
                Arrays.stream(rates).max().orElseThrow(), stepTime / runs, runs, events, new double[0]);
    }

    /**
     * The transfer order of a deterministic policy (identity for FIFO and RANDOM). TAC's communication
     * cost of a tensor is the latency plus its bytes over the NIC bandwidth, its op costs the scaled op
     * durations.
     */
    public static int[] staticOrder(CompiledProfile profile, SimulationSetup setup) {
        int n = profile.tensors;
        return switch (setup.policy()) {
            case RANDOM, FIFO -> {
                int[] id = new int[n];
                for (int i = 0; i < n; i++) {
                    id[i] = i;
                }
                yield id;
            }
            case TIC -> TicTac.tic(profile);
            case TAC -> {
                double[] comm = new double[n];
                for (int t = 0; t < n; t++) {
                    comm[t] = setup.latencyS() + profile.tensorBytes[t] / setup.nicBytesPerS();
                }
                double[] ops = new double[profile.ops];
                for (int o = 0; o < profile.ops; o++) {
                    ops[o] = profile.opDurationS[o] * setup.computeScale();
                }
                yield TicTac.tac(profile, comm, ops);
            }
        };
    }

    /** A generous bound on the events of a run, so that a modelling bug fails instead of spinning. */
    static long eventBudget(CompiledProfile p, SimulationSetup setup, int simulated) {
        long perStep = 8L * p.tensors + 4L * p.ops + 6L * p.sends + 16;
        return Math.max(1_000_000L, 4L * perStep * simulated * (setup.warmupSteps() + setup.steps() + 2));
    }
}
