package io.stepcast.api.plugin;

import java.util.Optional;

/**
 * What {@code stepcast datasets import} tells an importer or a profile reader about a file whose format
 * does not say it (a BigDL log names no model, a plain TensorFlow timeline no batch size).
 *
 * @param model      the model trained, when given
 * @param workers    workers (executor cores) of the job, at least 1
 * @param dataset    the dataset, when given
 * @param localBatch the profiled local batch, 0 when unknown
 */
public record ImportOptions(Optional<String> model, int workers, Optional<String> dataset, int localBatch) {
    public ImportOptions {
        if (workers < 1) {
            throw new IllegalArgumentException("--workers must be at least 1, was " + workers);
        }
        if (localBatch < 0) {
            throw new IllegalArgumentException("--local-batch must not be negative, was " + localBatch);
        }
    }

    /** Nothing given: one worker, no model, dataset or batch. */
    public static ImportOptions none() {
        return new ImportOptions(Optional.empty(), 1, Optional.empty(), 0);
    }
}
