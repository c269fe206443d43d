package io.stepcast.queueing.fit;

import io.stepcast.api.profile.Profile;

import java.util.Optional;
import java.util.OptionalDouble;
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
 * @param hardware       the hardware label (lower case) of the measured single-worker row, {@code unknown} when the
 *                       row states none and for a profile: a training file with rows of several machines has one
 *                       basis per (model, batch, hardware), so that each machine's rows are predicted from its own
 * @param withoutServer  the single worker ran in an all-reduce job, without any parameter server: its measured step
 *                       holds no parameter copies, it is compute alone
 * @param precision      the row's {@link io.stepcast.api.Config#precisionTag}: empty for the default mixed precision
 *                       (and for a row that states none), else e.g. {@code tf32}; a profile takes the precision of
 *                       the single-worker row it was scaled to, if any. One basis per (model, batch, hardware,
 *                       precision), since a table's FP32 and mixed-precision rows of one model are two jobs
 * @param bandwidthGbps  the network bandwidth per host the single-worker row states ({@code bandwidth_gbps}), empty
 *                       when it states none and for a profile without such a row: with {@link #hardware} it gives the
 *                       network a remote server's transfers crossed in the measured step
 */
public record SingleWorkerBasis(String model, int localBatch, double stepTimeS, OptionalLong parameterBytes,
                                Optional<Profile> profile, boolean remotePs, String origin, String hardware,
                                boolean withoutServer, String precision, OptionalDouble bandwidthGbps) {
    public SingleWorkerBasis {
        hardware = hardware == null || hardware.isBlank() ? UNKNOWN : hardware.toLowerCase(java.util.Locale.ROOT);
        precision = precision == null ? "" : precision;
        bandwidthGbps = bandwidthGbps == null ? OptionalDouble.empty() : bandwidthGbps;
    }

    /** A basis whose row states no network bandwidth. */
    public SingleWorkerBasis(String model, int localBatch, double stepTimeS, OptionalLong parameterBytes,
                             Optional<Profile> profile, boolean remotePs, String origin, String hardware,
                             boolean withoutServer, String precision) {
        this(model, localBatch, stepTimeS, parameterBytes, profile, remotePs, origin, hardware, withoutServer,
                precision, OptionalDouble.empty());
    }

    /** A basis at the default precision. */
    public SingleWorkerBasis(String model, int localBatch, double stepTimeS, OptionalLong parameterBytes,
                             Optional<Profile> profile, boolean remotePs, String origin, String hardware,
                             boolean withoutServer) {
        this(model, localBatch, stepTimeS, parameterBytes, profile, remotePs, origin, hardware, withoutServer, "");
    }

    /** A basis of no stated hardware (a profile, or a row without a label). */
    public SingleWorkerBasis(String model, int localBatch, double stepTimeS, OptionalLong parameterBytes,
                             Optional<Profile> profile, boolean remotePs, String origin) {
        this(model, localBatch, stepTimeS, parameterBytes, profile, remotePs, origin, UNKNOWN, false);
    }

    /** The label of a basis whose hardware is not stated. */
    public static final String UNKNOWN = "unknown";

    /** True when the basis states its hardware. */
    public boolean statesHardware() {
        return !hardware.equals(UNKNOWN);
    }

    /** Ends a refusal for unknown parameter bytes with the column of a user's file that supplies them. */
    public static final String PARAMETER_BYTES_FIX = " (column parameter_bytes would give them)";
}
