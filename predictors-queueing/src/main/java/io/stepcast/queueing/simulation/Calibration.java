package io.stepcast.queueing.simulation;

import java.util.Locale;
import java.util.function.ToDoubleFunction;
import io.stepcast.api.CannotFitException;

/**
 * Fits the simulation to a single-worker profile so that one simulated worker reproduces it (docs/methods.md
 * section 1, "Calibration"). Front doors calibrate through {@link ParameterServerPlan#calibrate}, which names the
 * replay used.
 *
 * <ol>
 *   <li>Effective bandwidth and latency: when the profiled parameter server was remote and the profile has
 *       receive times, a least-squares line {@code duration = latency + bytes / bandwidth} through the
 *       profiled receives (each receive is one message of a channel that sends one tensor at a time, so its
 *       duration is its own transfer). The fitted bandwidth is kept as an <em>efficiency</em>, a fraction of
 *       the nominal NIC bandwidth, so that other bandwidths scale the same way. Without receive times the
 *       nominal bandwidth and the default latency are used. When the receives are faster than the nominal
 *       link they did not cross it (the parameter reads of a single-process profile are memory copies): the
 *       profile is then calibrated as taken with its server on the worker's host, and the nominal link and
 *       default latency apply to the multi-worker runs. When the line's slope is not positive (bytes seem to
 *       cost nothing, as for a 77 KB read in 3 us), the receives' aggregate rate decides the same way.</li>
 *   <li>Compute scale: a factor on every op duration, found by a safeguarded secant search, such that the
 *       simulated single-worker step time equals the profiled one within 0.05%. It absorbs what the profile
 *       does not show (framework overhead, the profiled worker's own local copies).</li>
 * </ol>
 *
 * @param computeScale        factor on op durations at the profiled batch
 * @param bandwidthEfficiency effective over nominal bandwidth
 * @param latencyS            per-message latency, seconds
 * @param simulatedStepS      simulated single-worker step time after calibration
 * @param profiledStepS       the profile's step time
 * @param fittedFromReceives  true when bandwidth and latency came from the profiled receives
 * @param busBytesPerS        host bus bandwidth to simulate with: the requested one, or positive infinity when
 *                            the receives were fitted (a profiled receive ends when the tensor is in the
 *                            device's memory, so the fitted path already includes the bus)
 */
public record Calibration(double computeScale, double bandwidthEfficiency, double latencyS, double simulatedStepS,
                          double profiledStepS, boolean fittedFromReceives, double busBytesPerS) {

    /**
     * Calibrates {@code profile}.
     *
     * @param remotePs       the profiled worker's parameter server ran on another host
     * @param nominalBytesPerS nominal NIC bandwidth of the profiled setting, bytes/s
     * @param defaultLatencyS latency when it cannot be fitted
     * @param busBytesPerS   host bus bandwidth (positive infinity when not modelled)
     * @throws CannotFitException when the profile's transfers alone take longer than its step
     */
    public static Calibration fit(CompiledProfile profile, boolean remotePs, double nominalBytesPerS,
                                  double defaultLatencyS, double busBytesPerS) {
        return fit(profile, remotePs, nominalBytesPerS, defaultLatencyS, busBytesPerS, null, 1, 0);
    }

    /**
     * Calibrates {@code profile} so that one worker replayed as {@code replay} replays it (its mode, transfer
     * order, jitters and steps, over {@code seeds} seeds from {@code seed}) reproduces the profiled step: its
     * mean steps per second is the inverse of the profiled step time. {@link #fit(CompiledProfile, boolean,
     * double, double, double)} replays the single worker in FIFO order without jitter instead, as the ICPE
     * 2020 calibration does; with a random order or jitter one worker then takes a little longer than profiled.
     *
     * @param replay the setup whose single worker must reproduce the profile, or null for the FIFO replay
     * @throws CannotFitException when the profile's transfers alone take longer than its step
     */
    public static Calibration fit(CompiledProfile profile, boolean remotePs, double nominalBytesPerS,
                                  double defaultLatencyS, double busBytesPerS, SimulationSetup replay, int seeds,
                                  long seed) {
        double efficiency = 1.0;
        double latency = defaultLatencyS;
        boolean fitted = false;
        if (remotePs && profile.hasReceiveTimes() && profile.tensors >= 2) {
            double[] durations = durations(profile);
            double[] line = leastSquares(profile.tensorBytes, durations);
            double fittedEfficiency = line != null && line[1] > 0 ? (1.0 / line[1]) / nominalBytesPerS : 0;
            // A slope that is not positive says bytes cost nothing; then compare the receives' aggregate rate
            // with the link instead (a link with latency can only be slower than its bandwidth).
            if (fittedEfficiency <= 0) {
                fittedEfficiency = aggregateRate(profile.tensorBytes, durations) / nominalBytesPerS;
                if (fittedEfficiency <= 1.05) {
                    fittedEfficiency = 0;
                }
            }
            // Receives faster than the link itself (5% slack for microsecond rounding) were not carried by
            // it: a single-process profile's parameter reads are memory copies. Fitting them would make the
            // network nearly free, and replaying them over the link would not fit in the profiled step; the
            // profile was taken with its server on the worker's host, so calibrate it that way and leave the
            // nominal link and the default latency in force for the multi-worker runs.
            if (fittedEfficiency > 1.05) {
                return fit(profile, false, nominalBytesPerS, defaultLatencyS, busBytesPerS, replay, seeds, seed);
            }
            if (fittedEfficiency > 0) {
                latency = Math.max(0, line[0]);
                efficiency = Math.min(1, Math.max(0.01, fittedEfficiency));
                fitted = true;
            }
        }
        double bus = fitted ? Double.POSITIVE_INFINITY : busBytesPerS;
        SimulationSetup.Builder single = SimulationSetup.builder().colocatedPs(!remotePs)
                .nicBytesPerS(nominalBytesPerS * efficiency).latencyS(latency).busBytesPerS(bus);
        SimulationSetup base = replay == null
                ? single.steps(1, 2).build()
                : single.mode(replay.mode()).policy(replay.policy()).steps(replay.warmupSteps(), replay.steps())
                        .computeJitter(replay.computeJitter()).transferJitter(replay.transferJitter()).build();
        ToDoubleFunction<SimulationSetup> stepTime = replay == null
                ? s -> SimulationRunner.run(profile, s, 1, 0, null).stepTimeS()
                : s -> 1 / SimulationRunner.run(profile, s, seeds, seed, null).stepsPerS();
        double target = profile.stepTimeS;
        double lo = 1e-4;
        double fLo = stepTime.applyAsDouble(base.withComputeScale(lo));
        if (fLo > target * 1.0005) {
            throw new CannotFitException(String.format(Locale.ROOT,
                    "profile of %s: its transfers alone take %.4f s at %.3g Gbit/s effective, more than its step of "
                            + "%.4f s; give a higher bandwidth or a profile with receive times",
                    profile.source.model(), fLo, nominalBytesPerS * efficiency * 8e-9, target));
        }
        double hi = 1.0;
        double fHi = stepTime.applyAsDouble(base.withComputeScale(hi));
        while (fHi < target) {
            lo = hi;
            fLo = fHi;
            hi *= 2;
            fHi = stepTime.applyAsDouble(base.withComputeScale(hi));
            if (hi > 1e6) {
                throw new CannotFitException("profile of " + profile.source.model() + " has no compute time to scale");
            }
        }
        double alpha = hi;
        double f = fHi;
        for (int i = 0; i < 60 && Math.abs(f / target - 1) > 5e-4; i++) {
            double guess = lo + (target - fLo) * (hi - lo) / (fHi - fLo);
            if (!(guess > lo && guess < hi) || i % 3 == 2) {
                guess = 0.5 * (lo + hi);
            }
            alpha = guess;
            f = stepTime.applyAsDouble(base.withComputeScale(alpha));
            if (f < target) {
                lo = alpha;
                fLo = f;
            } else {
                hi = alpha;
                fHi = f;
            }
        }
        return new Calibration(alpha, efficiency, latency, f, target, fitted, bus);
    }



    private static double[] durations(CompiledProfile p) {
        double[] d = new double[p.tensors];
        for (int t = 0; t < p.tensors; t++) {
            d[t] = p.recvEndS[t] - p.recvStartS[t];
        }
        return d;
    }

    /** Total bytes over total duration; positive infinity when the durations sum to zero. */
    static double aggregateRate(double[] bytes, double[] durations) {
        double b = 0;
        double d = 0;
        for (int i = 0; i < bytes.length; i++) {
            b += bytes[i];
            d += durations[i];
        }
        return d > 0 ? b / d : Double.POSITIVE_INFINITY;
    }

    /** Intercept and slope of the least-squares line, or null when x does not vary. */
    static double[] leastSquares(double[] x, double[] y) {
        int n = x.length;
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += x[i];
            my += y[i];
        }
        mx /= n;
        my /= n;
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (x[i] - mx) * (x[i] - mx);
            sxy += (x[i] - mx) * (y[i] - my);
        }
        if (sxx <= 0) {
            return null;
        }
        double slope = sxy / sxx;
        return new double[] {my - slope * mx, slope};
    }
}
