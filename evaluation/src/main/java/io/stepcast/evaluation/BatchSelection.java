package io.stepcast.evaluation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Predictor;
import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.BatchSizeSelector;
import io.stepcast.api.selection.SelectorFactory;
import io.stepcast.api.selection.SelectorParameters;
import io.stepcast.evaluation.selection.SelectorChoice;
import io.stepcast.models.selection.CourierJob;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * One Courier batch-size question answered by a registered selector, as {@code stepcast select-batch} and
 * {@code POST /v1/select-batch} answer it: the facade over the engine's {@link SelectorChoice}, so that a front end
 * resolves, decides and writes a decision without reaching into the selection package.
 */
public final class BatchSelection {
    /** The predictor a Courier question is answered with when none is named. */
    public static final String DEFAULT_PREDICTOR = SelectorChoice.DEFAULT_PREDICTOR;
    private final SelectorChoice choice;

    private BatchSelection(SelectorChoice choice) {
        this.choice = choice;
    }

    /**
     * The selector a question means: {@code asked}, else the risk-aware rule when a risk is given, else Courier's.
     *
     * @param lookup the registry's look-up, which names the known selectors when it has none of the name
     * @throws java.util.NoSuchElementException when no selector has the name
     * @throws IllegalArgumentException         when a risk is asked of a selector that judges point predictions
     */
    public static BatchSelection resolve(Function<String, SelectorFactory> lookup, Optional<String> asked,
                                         SelectorParameters parameters) {
        return new BatchSelection(SelectorChoice.resolve(lookup, asked, parameters));
    }

    /** True when the time predictor must be fitted with calibrated intervals for this selector. */
    public boolean needsIntervals() {
        return choice.needsIntervals();
    }

    /** The selector over a Courier job's global batch with {@code time} (for a caller that times the decision). */
    public BatchSizeSelector selector(Predictor time) {
        return choice.selector(time);
    }

    /**
     * Decides {@code job}'s global batch among {@code candidates} under the SLO with {@code time}.
     *
     * @throws IllegalArgumentException when no candidate can be predicted
     */
    public BatchDecision decide(Predictor time, CourierJob job, List<Integer> candidates, double sloS) {
        return choice.decide(time, job, candidates, sloS);
    }

    /** The decision as {@code select-batch --json} writes it, with the risk level the selector worked at. */
    public ObjectNode json(ObjectMapper mapper, BatchDecision d, String estimator) {
        return choice.json(mapper, d, estimator);
    }
}
