package io.stepcast.api.selection;

/**
 * A batch-size selector as a plugin registers it by name ({@code StepcastPlugin.selector}): builds the
 * {@link BatchSizeSelector} of one decision from the predictors a caller has and the settings it asked for. The CLI
 * ({@code select-batch --selector NAME}), {@code serve} and the suites find selectors in the plugin registry
 * through this interface, never by class.
 */
public interface SelectorFactory {

    /** One line for listings and errors: the rule and where it comes from. */
    String description();

    /**
     * The selector's own settings: a value for each one it reads. A selector that judges latency intervals has a
     * {@linkplain SelectorParameters#risk() risk}; one without a risk judges point predictions and refuses one.
     */
    SelectorParameters defaults();

    /**
     * The selector of one decision.
     *
     * @param parameters settings as resolved by {@link #resolve}: every setting the selector reads is present
     */
    BatchSizeSelector create(SelectorInputs inputs, SelectorParameters parameters);

    /**
     * True when the selector compares the upper end of a latency interval with the SLO, so that its time predictor
     * must give calibrated intervals (a split-conformal fit, for instance).
     */
    default boolean judgesIntervals() {
        return defaults().risk().isPresent();
    }

    /**
     * The asked settings completed with the selector's defaults.
     *
     * @throws IllegalArgumentException when a risk is asked of a selector that judges point predictions, which
     *                                  would otherwise be ignored without a word
     */
    default SelectorParameters resolve(SelectorParameters asked) {
        if (asked.risk().isPresent() && !judgesIntervals()) {
            throw new IllegalArgumentException("a risk level applies to a selector that judges latency intervals;"
                    + " this one judges point predictions");
        }
        return asked.or(defaults());
    }
}
