package io.stepcast.queueing.simulation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs the {@link Simulator} over several seeds and summarises the throughput: the mean and its spread
 * (sample standard deviation) over seeds. Only stochastic setups ({@link OrderPolicy#RANDOM} or compute jitter)
 * use the seed; the others are deterministic and run once.
 *
 * <p>A sweep ({@link #runAll}) plans every (point, seed) run first, each with its own seed ({@code baseSeed + i}
 * for the i-th seed of every point), runs them on a pool of threads, and summarises them in plan order, so that
 * its results are the same for any number of threads.
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
        return runAll(profile, List.of(setup), seeds, baseSeed, traceSink, 0, 1).get(0);
    }

    /**
     * Runs every point of a sweep over its seeds, on {@code threads} threads.
     *
     * @param setups     the points, in the order of the results
     * @param seeds      seeds of a stochastic point (seed {@code baseSeed + i}); deterministic ones run once
     * @param traceSink  receives the execution of the first seed of point {@code tracePoint}, or null
     * @param threads    threads to run on, at least 1
     */
    public static List<ThroughputEstimate> runAll(CompiledProfile profile, List<SimulationSetup> setups, int seeds,
                                                  long baseSeed, TraceSink traceSink, int tracePoint,
                                                  int threads) {
        return runAll(profile, setups, seeds, baseSeed, traceSink, tracePoint, threads, false);
    }

    /**
     * As {@link #runAll(CompiledProfile, List, int, long, TraceSink, int, int)}; with {@code aggregate}, every point
     * is simulated through one representative worker ({@link SymmetricAggregation}), which every point must allow.
     *
     * @throws IllegalArgumentException when {@code aggregate} and a point is not symmetric
     */
    public static List<ThroughputEstimate> runAll(CompiledProfile profile, List<SimulationSetup> setups, int seeds,
                                                  long baseSeed, TraceSink traceSink, int tracePoint,
                                                  int threads, boolean aggregate) {
        if (aggregate) {
            setups.forEach(SymmetricAggregation::requireSymmetric);
        }
        if (seeds < 1) {
            throw new IllegalArgumentException("seeds must be at least 1, was " + seeds);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, was " + threads);
        }
        List<int[]> plan = new ArrayList<>();
        List<int[]> orders = new ArrayList<>();
        for (int point = 0; point < setups.size(); point++) {
            SimulationSetup setup = setups.get(point);
            orders.add(staticOrder(profile, setup));
            int runs = setup.stochastic() ? seeds : 1;
            for (int i = 0; i < runs; i++) {
                plan.add(new int[] {point, i});
            }
        }
        RunResult[] results = new RunResult[plan.size()];
        if (threads == 1 || plan.size() == 1) {
            for (int k = 0; k < plan.size(); k++) {
                results[k] = runOne(profile, setups, orders, plan.get(k), baseSeed, traceSink, tracePoint, aggregate);
            }
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, plan.size()), r -> {
                Thread t = new Thread(r, "stepcast-simulate");
                t.setDaemon(true);
                return t;
            });
            try {
                // Largest points first, so that the pool is not left waiting on one long run at the end.
                Integer[] byCost = new Integer[plan.size()];
                for (int k = 0; k < byCost.length; k++) {
                    byCost[k] = k;
                }
                Arrays.sort(byCost, (x, y) -> Integer.compare(setups.get(plan.get(y)[0]).workers(),
                        setups.get(plan.get(x)[0]).workers()));
                Future<?>[] byTask = new Future<?>[plan.size()];
                for (int k : byCost) {
                    int[] task = plan.get(k);
                    byTask[k] = pool.submit(() -> runOne(profile, setups, orders, task, baseSeed, traceSink,
                            tracePoint, aggregate));
                }
                for (int k = 0; k < plan.size(); k++) {
                    results[k] = (RunResult) byTask[k].get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("simulation interrupted", e);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RuntimeException re) {
                    throw re;
                }
                throw new IllegalStateException(cause);
            } finally {
                pool.shutdownNow();
            }
        }
        List<ThroughputEstimate> out = new ArrayList<>();
        int k = 0;
        for (SimulationSetup setup : setups) {
            int runs = setup.stochastic() ? seeds : 1;
            out.add(summarise(setup.workers(), Arrays.copyOfRange(results, k, k + runs)));
            k += runs;
        }
        return out;
    }

    private static RunResult runOne(CompiledProfile profile, List<SimulationSetup> setups, List<int[]> orders,
                                    int[] task, long baseSeed, TraceSink traceSink, int tracePoint,
                                    boolean aggregate) {
        SimulationSetup setup = setups.get(task[0]);
        int[] order = orders.get(task[0]);
        long seed = baseSeed + task[1];
        TraceSink sink = task[0] == tracePoint && task[1] == 0 ? traceSink : null;
        if (aggregate) {
            return SymmetricAggregation.run(profile, setup, order, seed, sink);
        }
        Simulator s = new Simulator(profile, setup, order, seed, sink);
        return s.run(eventBudget(profile, setup, s.simulatedWorkers()));
    }

    private static ThroughputEstimate summarise(int workers, RunResult[] runs) {
        double[] rates = new double[runs.length];
        double stepTime = 0;
        long events = 0;
        for (int i = 0; i < runs.length; i++) {
            rates[i] = runs[i].stepsPerS();
            stepTime += runs[i].stepTimeS();
            events += runs[i].events();
        }
        double mean = Arrays.stream(rates).average().orElseThrow();
        double var = 0;
        for (double x : rates) {
            var += (x - mean) * (x - mean);
        }
        double sd = runs.length > 1 ? Math.sqrt(var / (runs.length - 1)) : 0;
        return new ThroughputEstimate(workers, mean, sd, Arrays.stream(rates).min().orElseThrow(),
                Arrays.stream(rates).max().orElseThrow(), stepTime / runs.length, runs.length, events,
                runs[0].receiveOffsetsS());
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
