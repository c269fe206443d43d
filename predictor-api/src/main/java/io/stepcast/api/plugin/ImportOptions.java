package io.stepcast.api.plugin;

import io.stepcast.api.Recompute;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What {@code stepcast datasets import} tells an importer or a profile reader about a file whose format
 * does not say it (a BigDL log names no model, a plain TensorFlow timeline no batch size).
 *
 * @param model      the model trained, when given
 * @param workers    workers (executor cores, ranks, GPUs) of the job, at least 1, when given; empty when not, so that an
 *                   importer can tell a stated {@code --workers 1} from its absence
 * @param dataset    the dataset, when given
 * @param localBatch the profiled local batch, 0 when unknown
 * @param hardware   the system the measurements ran on (a hardware catalog label), when given
 * @param recompute  the activation recomputation the measured runs used, when given
 */
public record ImportOptions(Optional<String> model, OptionalInt workers, Optional<String> dataset, int localBatch,
                            Optional<String> hardware, Optional<Recompute> recompute) {
    public ImportOptions {
        hardware = Objects.requireNonNullElse(hardware, Optional.empty());
        recompute = Objects.requireNonNullElse(recompute, Optional.empty());
        workers = Objects.requireNonNullElse(workers, OptionalInt.empty());
        if (workers.isPresent() && workers.getAsInt() < 1) {
            throw new IllegalArgumentException("--workers must be at least 1, was " + workers.getAsInt());
        }
        if (localBatch < 0) {
            throw new IllegalArgumentException("--local-batch must not be negative, was " + localBatch);
        }
    }

    /** Options that state neither hardware nor recomputation. */
    public ImportOptions(Optional<String> model, OptionalInt workers, Optional<String> dataset, int localBatch) {
        this(model, workers, dataset, localBatch, Optional.empty(), Optional.empty());
    }

    /** Nothing given: no workers, model, dataset or batch. */
    public static ImportOptions none() {
        return new ImportOptions(Optional.empty(), OptionalInt.empty(), Optional.empty(), 0);
    }
}
