package io.stepcast.analytic.collective;

import io.stepcast.api.Config;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.Placement;

import java.util.Optional;

/**
 * A configuration read as one collective call: the model names the collective ({@code allreduce},
 * {@code all-gather}, ...), the parameter bytes are the message size, the workers are the ranks, spread
 * evenly over the nodes. The nccl-tests importer writes its rows this way.
 *
 * @param collective the operation
 * @param bytes      the message size
 * @param placement  ranks per node
 */
record CollectiveConfig(Collective collective, long bytes, Placement placement) {

    /** The collective call of a configuration, or the reason it is none. */
    static Either of(Config config) {
        Collective op;
        try {
            op = Collective.parse(config.model());
        } catch (IllegalArgumentException e) {
            return Either.no("model '" + config.model() + "' is not a collective (allreduce, all-gather, ...)");
        }
        if (config.workload().parameterBytes().isEmpty()) {
            return Either.no("the message size (parameter bytes) is not given");
        }
        int workers = config.workers();
        if (workers < 2) {
            // One rank moves nothing: a measured time then belongs to a run whose ranks the row lost (an nccl-tests
            // log of an MPI launch lists none), and answering 0 s would score as an error rather than say so.
            return Either.no("a collective over " + workers + " rank moves nothing; a measured call has at least 2 "
                    + "ranks (column workers; datasets import nccl-tests-log --workers N for a log that lists none)");
        }
        int nodes = config.deployment().nodes();
        if (workers % nodes != 0) {
            return Either.no(workers + " ranks do not spread evenly over " + nodes + " nodes");
        }
        return new Either(Optional.of(new CollectiveConfig(op, config.workload().parameterBytes().getAsLong(),
                Placement.uniform(nodes, workers / nodes))), "");
    }

    /** A collective call or the reason there is none. */
    record Either(Optional<CollectiveConfig> call, String reason) {
        static Either no(String reason) {
            return new Either(Optional.empty(), reason);
        }
    }
}
