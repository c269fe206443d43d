package io.stepcast.api.evaluation;

import io.stepcast.api.Observation;

import java.util.List;

/**
 * How a dataset is divided into training and test sides (docs/methods.md section 5). A protocol defines
 * exactly which observations an estimator sees; implementations are deterministic (fixed seeds) so two
 * runs produce the same folds.
 */
public interface Protocol {

    /** The protocol as written in a suite, e.g. {@code kfold:5} or {@code extrapolation:nodes<=4}. */
    String name();

    /**
     * The folds of {@code data}.
     *
     * @param datasetId names the data in the training-set ids (for provenance)
     * @param data      every observation of the dataset
     * @return folds with non-empty test sides; empty when the data cannot be split this way
     */
    List<Split> splits(String datasetId, List<Observation> data);
}
