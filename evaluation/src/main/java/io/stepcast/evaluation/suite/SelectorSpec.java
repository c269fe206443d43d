package io.stepcast.evaluation.suite;

import io.stepcast.api.selection.SelectorParameters;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One entry of a selection's {@code selectors} list, as a suite file writes it: {@code NAME} or {@code NAME:RISK},
 * the name a {@link io.stepcast.api.selection.SelectorFactory} is registered under and, for a selector that judges
 * latency intervals, the risk level it works at (its own default otherwise). Suites always give an SLO, so the
 * accuracy weight a selector uses without one is never asked here.
 *
 * @param name the registered name
 * @param risk the risk level asked, in (0, 1); empty for the selector's default
 */
public record SelectorSpec(String name, OptionalDouble risk) {
    public SelectorSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(risk, "risk");
        if (name.isBlank() || name.contains(":")) {
            throw new IllegalArgumentException("selector '" + name + "' is not NAME or NAME:RISK");
        }
    }

    /**
     * Reads {@code NAME} or {@code NAME:RISK}.
     *
     * @throws IllegalArgumentException naming the entry when it has another shape or its risk is not in (0, 1)
     */
    public static SelectorSpec parse(String text) {
        String s = text == null ? "" : text.strip();
        int colon = s.indexOf(':');
        if (colon < 0) {
            return new SelectorSpec(s, OptionalDouble.empty());
        }
        double risk;
        try {
            risk = Double.parseDouble(s.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("selector '" + s + "' is not NAME or NAME:RISK (a risk in (0, 1))", e);
        }
        if (!(risk > 0 && risk < 1)) {
            throw new IllegalArgumentException("selector '" + s + "': the risk must be in (0, 1)");
        }
        return new SelectorSpec(s.substring(0, colon), OptionalDouble.of(risk));
    }

    /** The settings asked of the selector, before its defaults complete them. */
    public SelectorParameters parameters() {
        return new SelectorParameters(OptionalDouble.empty(), risk);
    }
}
