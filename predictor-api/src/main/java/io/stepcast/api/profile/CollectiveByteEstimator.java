package io.stepcast.api.profile;

import io.stepcast.api.collective.Collective;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Estimates the bytes of a collective that a trace recorded without them, from its measured duration on the rank the
 * trace was recorded on (its device and world size). A step of its own, apart from reading: profile readers record
 * only what a trace says, and the callers that replay or scale a trace apply an estimator where they need bytes
 * ({@link #withEstimatedBytes}). Implementations are stateless or thread-safe.
 */
@FunctionalInterface
public interface CollectiveByteEstimator {

    /**
     * The bytes of {@code op} that took {@code seconds} in the job of {@code rank}; empty when the estimator cannot
     * tell (a device it does not know, a job of one rank).
     */
    OptionalLong bytes(Collective op, double seconds, ProfiledRank rank);

    /** The estimator that never has an estimate: unrecorded bytes stay unknown. */
    static CollectiveByteEstimator none() {
        return (op, seconds, rank) -> OptionalLong.empty();
    }

    /**
     * {@code profile} with every collective whose bytes the trace did not record given this estimate from its
     * duration, marked not measured (or left without bytes when there is no estimate); recorded bytes are kept. The
     * same profile when every collective has its bytes.
     */
    default Profile withEstimatedBytes(Profile profile) {
        Objects.requireNonNull(profile, "profile");
        if (profile.collectives().stream().allMatch(c -> c.bytes().isPresent())) {
            return profile;
        }
        List<CollectiveOp> collectives = new ArrayList<>(profile.collectives().size());
        for (CollectiveOp c : profile.collectives()) {
            collectives.add(c.bytes().isPresent() ? c : new CollectiveOp(c.kind(), c.stream(), c.startUs(),
                    c.durationUs(), bytes(c.kind(), c.durationUs() * 1e-6, profile.rank()), false));
        }
        return new Profile(profile.model(), profile.localBatch(), profile.stepTimeUs(), profile.parameters(),
                profile.receives(), profile.ops(), profile.sends(), profile.origin(), collectives, profile.rank());
    }
}
