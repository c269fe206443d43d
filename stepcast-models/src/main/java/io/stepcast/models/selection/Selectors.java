package io.stepcast.models.selection;

import io.stepcast.api.selection.SelectorFactory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The batch-size selectors stepcast ships, by the name they are registered under. The evaluation module's plugin
 * registers them like any plugin's selectors, so the CLI, {@code serve} and the suites find a built-in selector
 * and a third-party one in the same registry.
 */
public final class Selectors {
    private Selectors() {
    }

    /** A fresh map of the built-in selectors, in the order they are listed. */
    public static Map<String, SelectorFactory> builtIn() {
        Map<String, SelectorFactory> out = new LinkedHashMap<>();
        out.put(CourierSelectorFactory.NAME, new CourierSelectorFactory());
        out.put(RiskAwareSelectorFactory.NAME, new RiskAwareSelectorFactory());
        return out;
    }
}
