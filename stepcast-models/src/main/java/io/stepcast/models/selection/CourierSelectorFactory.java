package io.stepcast.models.selection;

import io.stepcast.api.selection.BatchSizeSelector;
import io.stepcast.api.selection.SelectorFactory;
import io.stepcast.api.selection.SelectorInputs;
import io.stepcast.api.selection.SelectorParameters;

import java.util.OptionalDouble;

/** {@link CourierSelector} as a registered selector: point predictions against the SLO. */
public final class CourierSelectorFactory implements SelectorFactory {
    /** The name it is registered under. */
    public static final String NAME = "courier";

    @Override
    public String description() {
        return "Courier's rule (ICPE 2021): the most accurate candidate whose predicted time meets the SLO";
    }

    @Override
    public SelectorParameters defaults() {
        return new SelectorParameters(OptionalDouble.of(CourierSelector.DEFAULT_ALPHA), OptionalDouble.empty());
    }

    @Override
    public BatchSizeSelector create(SelectorInputs in, SelectorParameters parameters) {
        return new CourierSelector(in.time(), in.latency(), in.accuracy(), in.scope(),
                parameters.alpha().orElse(CourierSelector.DEFAULT_ALPHA), in.objective());
    }
}
