package io.stepcast.analytic.megatron;

import com.google.inject.Inject;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.NamedCommandExtension;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.Optional;

/** Adds {@code stepcast plan-llm} ({@link PlanLlmCommand}) to the CLI; the catalogs are optional services. */
public final class PlanLlmExtension extends NamedCommandExtension {
    /** With the services the datasets module binds, when it is on the class path. */
    @Inject
    public PlanLlmExtension(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> hardware,
                            Optional<ObservationCatalog> observations) {
        super("plan-llm", registry -> new PlanLlmCommand(zoo, hardware, observations));
    }
}
