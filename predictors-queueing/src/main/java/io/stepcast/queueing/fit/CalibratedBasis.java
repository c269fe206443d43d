package io.stepcast.queueing.fit;

/**
 * One single-worker basis of a fitted queueing predictor with what fitting made of it.
 *
 * @param basis       the basis (a profile, or a measured single-worker step)
 * @param calibration its calibrated state, or the reason it has none
 * @param <S>         the predictor's calibrated state
 */
public record CalibratedBasis<S>(SingleWorkerBasis basis, Calibrated<S> calibration) {
}
