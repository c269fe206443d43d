package io.stepcast.api.profile;

import io.stepcast.api.Validate;

/**
 * Which rank of a distributed job a profile was recorded on, and on what device.
 *
 * @param rank      the rank, 0-based
 * @param worldSize ranks in the job (1 for a single-worker profile)
 * @param device    the device name as the trace gives it (for example {@code NVIDIA A100-SXM4-40GB}), or
 *                  {@code unknown}
 */
public record ProfiledRank(int rank, int worldSize, String device) {
    public ProfiledRank {
        Validate.nonNegative(rank, "rank");
        Validate.positive(worldSize, "world_size");
        if (rank >= worldSize) {
            throw new IllegalArgumentException("rank " + rank + " is not below world_size " + worldSize);
        }
        device = device == null || device.isBlank() ? "unknown" : device;
    }

    /** Rank 0 of a single-worker job on an unknown device. */
    public static ProfiledRank single() {
        return new ProfiledRank(0, 1, "unknown");
    }
}
