package io.stepcast.api.archfixture;

/** Test fixture: an algorithm placed in the API's packages, which {@code ArchitectureTest} must reject. */
public final class AlgorithmInApi {
    /** Something computed, not a contract. */
    public double ringTime(double bytes, int ranks, double bandwidth) {
        return 2.0 * (ranks - 1) / ranks * bytes / bandwidth;
    }
}
