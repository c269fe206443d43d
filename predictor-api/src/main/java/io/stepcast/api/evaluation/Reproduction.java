package io.stepcast.api.evaluation;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Reproduces published figures of one paper or table through the predictors and the real data. Registered
 * by name (the name a suite lists under {@code reproduction}).
 */
public interface Reproduction {

    /** What a reproduction gets from the run. */
    interface Context {
        /** The observations of a catalog source (read with the run's data folder). */
        List<Observation> source(String name) throws IOException;

        /**
         * The estimator registered under {@code name}, configured as in the suite when it lists it; one that
         * cannot be used says why when it is fitted.
         */
        Estimator estimator(String name);

        /** More of the run, for reproductions that know the evaluation's types (empty by default). */
        default <T> Optional<T> extension(Class<T> type) {
            return Optional.empty();
        }
    }

    /** The rows, one per published figure; never throws for a missing predictor (the row says why). */
    List<ReproductionRow> reproduce(Context context) throws IOException;
}
