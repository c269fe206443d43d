package io.stepcast.evaluation.suite;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.evaluation.metrics.ScoredPoint;

import java.io.IOException;
import java.util.List;

/** Reproduces published figures of one paper or table through the predictors and the real data. */
public interface Reproduction {

    /** What the reproduction needs from the run. */
    interface Context {
        /** The observations of a catalog source (read with the run's data folder). */
        List<Observation> source(String name) throws IOException;

        /** The estimator registered under {@code name}, configured as in the suite when it lists it. */
        Estimator estimator(String name);

        /** Every point the suite scored. */
        List<ScoredPoint> points();

        /** The recordings of {@code DATA/tf-cpu-profiles} (read once per run). */
        List<TfCpuRecordings.Recording> recordings() throws IOException;

        /** Adds a curve to the run's results (drawn as a chart in the report). */
        void curve(Curve curve);
    }

    /** The rows, one per published figure; never throws for a missing predictor (the row says why). */
    List<ReproductionRow> reproduce(Context context) throws IOException;
}
