package io.stepcast.queueing.simulation;

import java.util.random.RandomGenerator;

/**
 * Multiplicative noise of mean 1 and a given coefficient of variation: {@code exp(mu + sigma Z)} with
 * {@code sigma^2 = ln(1 + cv^2)} and {@code mu = -sigma^2 / 2}, Z standard normal. Log-normal because a factor
 * on a duration must stay positive and real service times are right-skewed. A coefficient of 0 gives exactly 1
 * without drawing, so that runs without jitter replay the profile exactly and consume no random numbers.
 */
record LogNormalJitter(double cv, double mu, double sigma) {

    LogNormalJitter(double cv) {
        this(cv, -0.5 * Math.log1p(cv * cv), Math.sqrt(Math.log1p(cv * cv)));
    }

    /** The next factor. */
    double draw(RandomGenerator rng) {
        return sigma == 0 ? 1.0 : Math.exp(mu + sigma * rng.nextGaussian());
    }
}
