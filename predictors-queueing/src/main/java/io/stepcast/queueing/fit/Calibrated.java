package io.stepcast.queueing.fit;

/**
 * What fitting made of one single-worker basis: the calibrated state a predictor needs, or the reason the basis
 * cannot be calibrated (a prediction that would use it is refused with that reason).
 *
 * @param <S> the predictor's calibrated state
 */
public sealed interface Calibrated<S> permits Calibrated.Ready, Calibrated.Refused {

    /** A calibrated basis. */
    record Ready<S>(S state) implements Calibrated<S> {
    }

    /** A basis that could not be calibrated, and why. */
    record Refused<S>(String reason) implements Calibrated<S> {
    }
}
