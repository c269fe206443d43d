package io.stepcast.queueing.simulation;

import io.stepcast.api.Validate;

import java.util.Objects;

/**
 * Everything one all-reduce simulation run needs besides the profile.
 *
 * @param workers       data-parallel workers (ranks), at least 1
 * @param collective    the time of one bucket's all-reduce over the job's placement
 * @param bucketBytes   gradient bucket cap, bytes ({@link GradientBuckets}; 0: one gradient per bucket)
 * @param computeScale  multiplier of every op duration (batch scaling and calibration)
 * @param steps         measured steps (only a run with compute jitter has steps that differ)
 * @param computeJitter coefficient of variation of every op's duration on every worker (log-normal factor of
 *                      mean 1, as in {@link SimulationSetup}); 0 replays the profile exactly
 */
public record AllReduceSetup(int workers, AllReduceTimer collective, double bucketBytes, double computeScale,
                             int steps, double computeJitter) {
    public AllReduceSetup {
        Validate.positive(workers, "workers");
        Objects.requireNonNull(collective, "collective");
        if (!(bucketBytes >= 0) || !Double.isFinite(bucketBytes)) {
            throw new IllegalArgumentException("bucket size must be a non-negative number of bytes, was " + bucketBytes);
        }
        Validate.positive(computeScale, "compute scale");
        Validate.positive(steps, "steps");
        if (!(computeJitter >= 0) || computeJitter > 2) {
            throw new IllegalArgumentException("compute jitter (coefficient of variation) must be in [0, 2], was "
                    + computeJitter);
        }
    }

    /** True when a run depends on its seed (compute jitter). */
    public boolean stochastic() {
        return computeJitter > 0;
    }

    /** The same setup with another compute scale. */
    public AllReduceSetup withComputeScale(double s) {
        return new AllReduceSetup(workers, collective, bucketBytes, s, steps, computeJitter);
    }
}
