package io.stepcast.evaluation.selection;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.api.selection.BatchSizeSelector;
import io.stepcast.api.selection.SelectorFactory;
import io.stepcast.api.selection.SelectorInputs;
import io.stepcast.api.selection.SelectorParameters;
import io.stepcast.models.selection.CourierJob;
import io.stepcast.models.selection.CourierSelectorFactory;
import io.stepcast.models.selection.RiskAwareSelectorFactory;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The registered selector that answers one Courier batch-size question ({@code stepcast select-batch} and
 * {@code POST /v1/select-batch} alike), with its settings completed by the selector's defaults. Without a name,
 * a risk level means the risk-aware rule and no risk Courier's, as these two asked before selectors had names.
 *
 * @param name       the selector's registered name
 * @param factory    the selector registered under it
 * @param parameters the asked settings with the selector's defaults filled in
 */
public record SelectorChoice(String name, SelectorFactory factory, SelectorParameters parameters) {
    /** The predictor a Courier question is answered with when none is named. */
    public static final String DEFAULT_PREDICTOR = "courier-forest";

    public SelectorChoice {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(parameters, "parameters");
    }

    /** The name a question means: {@code asked}, else the risk-aware rule when a risk is given, else Courier's. */
    public static String nameFor(Optional<String> asked, OptionalDouble risk) {
        return asked.orElse(risk.isPresent() ? RiskAwareSelectorFactory.NAME : CourierSelectorFactory.NAME);
    }

    /**
     * The selector a question means, looked up by name.
     *
     * @param lookup the registry's look-up, which names the known selectors when it has none of the name
     * @throws java.util.NoSuchElementException when no selector has the name
     * @throws IllegalArgumentException         when a risk is asked of a selector that judges point predictions
     */
    public static SelectorChoice resolve(Function<String, SelectorFactory> lookup, Optional<String> asked,
                                         SelectorParameters parameters) {
        String name = nameFor(asked, parameters.risk());
        SelectorFactory factory = lookup.apply(name);
        try {
            return new SelectorChoice(name, factory, factory.resolve(parameters));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("selector " + name + ": " + e.getMessage(), e);
        }
    }

    /** True when the time predictor must be fitted with calibrated intervals for this selector. */
    public boolean needsIntervals() {
        return factory.judgesIntervals();
    }

    /**
     * Decides {@code job}'s global batch among {@code candidates} under the SLO with {@code time}, which also
     * predicts accuracy when it answers it.
     *
     * @throws IllegalArgumentException when no candidate can be predicted
     */
    public BatchDecision decide(Predictor time, CourierJob job, List<Integer> candidates, double sloS) {
        return selector(time).select(job.config(), candidates, OptionalDouble.of(sloS));
    }

    /**
     * The selector over a Courier job's global batch with {@code time}, which also predicts accuracy when it answers
     * it (for a caller that times the decision apart from building it).
     */
    public BatchSizeSelector selector(Predictor time) {
        return factory.create(SelectorInputs.of(time, Target.RESPONSE_TIME, BatchScope.GLOBAL), parameters);
    }

    /** The decision as {@link BatchDecisionJson} writes it, with the risk level the selector worked at. */
    public ObjectNode json(ObjectMapper mapper, BatchDecision d, String estimator) {
        ObjectNode root = BatchDecisionJson.of(mapper, d, estimator);
        parameters.risk().ifPresent(r -> root.put("risk", r));
        return root;
    }
}
