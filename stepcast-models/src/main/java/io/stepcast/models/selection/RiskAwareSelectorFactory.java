package io.stepcast.models.selection;

import io.stepcast.api.selection.BatchSizeSelector;
import io.stepcast.api.selection.SelectorFactory;
import io.stepcast.api.selection.SelectorInputs;
import io.stepcast.api.selection.SelectorParameters;

import java.util.OptionalDouble;

/**
 * {@link RiskAwareSelector} as a registered selector: the upper end of each candidate's latency interval against
 * the SLO, so its time predictor must give calibrated intervals.
 */
public final class RiskAwareSelectorFactory implements SelectorFactory {
    /** The name it is registered under. */
    public static final String NAME = "risk-aware";

    @Override
    public String description() {
        return "Courier's rule on the upper end of each candidate's latency interval at coverage 1 - risk";
    }

    @Override
    public SelectorParameters defaults() {
        // No alpha of its own: without an SLO it defers to Courier's rule at Courier's default.
        return new SelectorParameters(OptionalDouble.empty(), OptionalDouble.of(RiskAwareSelector.DEFAULT_RISK));
    }

    @Override
    public BatchSizeSelector create(SelectorInputs in, SelectorParameters parameters) {
        return new RiskAwareSelector(in.time(), in.latency(), in.accuracy(), in.scope(),
                parameters.risk().orElse(RiskAwareSelector.DEFAULT_RISK), in.objective());
    }
}
