package io.stepcast.evaluation.suite;

import io.stepcast.api.EditDistance;
import io.stepcast.api.selection.SelectorFactory;
import io.stepcast.api.selection.SelectorParameters;
import io.stepcast.evaluation.selection.SelectorChoice;
import io.stepcast.models.selection.CourierSelectorFactory;
import io.stepcast.models.selection.RiskAwareSelectorFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One registered selector a batch-size selection decides with, its settings completed by the selector's defaults.
 * Its entries are labelled {@code "<predictor>"}, then the selector's name unless its settings alone imply it (as
 * {@code select-batch} without {@code --selector} reads them: no risk is Courier's rule, a risk the risk-aware one),
 * then {@code " risk=<alpha>"} when it works at a risk level; so {@code risk: [0.05]} and {@code selectors: [courier,
 * risk-aware:0.05]} give the same entries under the same labels.
 *
 * @param name       the registered name
 * @param factory    the selector registered under it
 * @param parameters the settings asked, with the selector's defaults filled in
 */
record SelectionRule(String name, SelectorFactory factory, SelectorParameters parameters) {

    /**
     * The rules of a selection, in its order: its {@code selectors}, or without them Courier's rule and then the
     * risk-aware one at each of its {@code risk} levels.
     *
     * @param registered the registry's selectors by name
     * @throws IllegalArgumentException in one line starting with the field, naming the closest registered names
     *                                  for an unknown one
     */
    static List<SelectionRule> of(Suite.SelectionSpec s, Map<String, SelectorFactory> registered) {
        List<SelectorSpec> specs = new ArrayList<>();
        String field = "selectors";
        if (s.selectors().isEmpty()) {
            field = "risk";
            specs.add(new SelectorSpec(CourierSelectorFactory.NAME, OptionalDouble.empty()));
            s.risk().forEach(r -> specs.add(new SelectorSpec(RiskAwareSelectorFactory.NAME, OptionalDouble.of(r))));
        } else {
            specs.addAll(s.selectorSpecs());
        }
        List<SelectionRule> out = new ArrayList<>();
        Map<String, String> byLabel = new HashMap<>();
        for (SelectorSpec spec : specs) {
            SelectionRule rule = resolve(field, spec, registered);
            String entry = spec.name() + spec.risk().stream().mapToObj(r -> ":" + r).findFirst().orElse("");
            String before = byLabel.putIfAbsent(rule.label(""), entry);
            if (before != null) {
                throw new IllegalArgumentException(field + ": " + entry + " decides as " + before
                        + " does; list each selector once");
            }
            out.add(rule);
        }
        return List.copyOf(out);
    }

    private static SelectionRule resolve(String field, SelectorSpec spec, Map<String, SelectorFactory> registered) {
        SelectorFactory factory = registered.get(spec.name());
        if (factory == null) {
            throw new IllegalArgumentException(field + ": no selector named '" + spec.name() + "'"
                    + EditDistance.suggestion(spec.name(), registered.keySet())
                    + " (registered: " + String.join(", ", registered.keySet()) + ")");
        }
        try {
            return new SelectionRule(spec.name(), factory, factory.resolve(spec.parameters()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + ": selector " + spec.name() + ": " + e.getMessage(), e);
        }
    }

    /** The label of the entries of predictor {@code predictor} decided by this rule. */
    String label(String predictor) {
        OptionalDouble risk = parameters.risk();
        String implied = SelectorChoice.nameFor(Optional.empty(), risk);
        return predictor + (name.equals(implied) ? "" : " " + name)
                + (risk.isPresent() ? " risk=" + risk.getAsDouble() : "");
    }

    /** True when the time predictor must give calibrated latency intervals for this rule. */
    boolean judgesIntervals() {
        return factory.judgesIntervals();
    }
}
