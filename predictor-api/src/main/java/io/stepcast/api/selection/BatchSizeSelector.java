package io.stepcast.api.selection;

import io.stepcast.api.Config;

import java.util.List;
import java.util.OptionalDouble;

/**
 * Chooses the batch size of a job from predictions, for example the one that meets a latency SLO with
 * the best accuracy (Courier). Implementations work over any {@link io.stepcast.api.Predictor}.
 */
public interface BatchSizeSelector {

    /**
     * Chooses among {@code candidates} for the job {@code config} (its own batch is ignored).
     *
     * @param sloSeconds latency SLO in seconds, or empty to trade time against accuracy
     * @throws IllegalArgumentException when no candidate can be predicted at all
     */
    BatchDecision select(Config config, List<Integer> candidates, OptionalDouble sloSeconds);
}
