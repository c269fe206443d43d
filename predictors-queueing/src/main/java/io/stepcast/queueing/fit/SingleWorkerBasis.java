package io.stepcast.queueing.fit;

import io.stepcast.api.profile.Profile;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the queueing predictors know of one model at one local batch from a single worker: the profile when
 * there is one, else a measured single-worker step time.
 *
 * @param model          model name
 * @param localBatch     the batch the basis was measured at
 * @param stepTimeS      single-worker step time at that batch, seconds
 * @param parameterBytes bytes of the model's parameters, when known
 * @param profile        the op-level profile, when there is one
 * @param remotePs       the single worker's parameter server was on another host (its step includes network
 *                       transfers); false for a colocated server or an all-reduce single-GPU run
 * @param origin         where it comes from (profile origin or observation source)
 */
public record SingleWorkerBasis(String model, int localBatch, double stepTimeS, OptionalLong parameterBytes,
                                Optional<Profile> profile, boolean remotePs, String origin) {
    /** Ends a refusal for unknown parameter bytes with the column of a user's file that supplies them. */
    public static final String PARAMETER_BYTES_FIX = " (column parameter_bytes would give them)";
}
