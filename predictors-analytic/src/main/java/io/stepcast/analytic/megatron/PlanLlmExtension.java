package io.stepcast.analytic.megatron;

import com.google.inject.Inject;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.Optional;

/** Adds {@code stepcast plan-llm} ({@link PlanLlmCommand}) to the CLI; the catalogs are optional services. */
public final class PlanLlmExtension implements CommandExtension {
    private final Optional<ModelCatalog> zoo;
    private final Optional<HardwareCatalog> hardware;
    private final Optional<ObservationCatalog> observations;

    /** With the services the datasets module binds, when it is on the class path. */
    @Inject
    public PlanLlmExtension(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> hardware,
                            Optional<ObservationCatalog> observations) {
        this.zoo = zoo;
        this.hardware = hardware;
        this.observations = observations;
    }

    @Override
    public String name() {
        return "plan-llm";
    }

    @Override
    public Object command(PluginRegistry registry) {
        return new PlanLlmCommand(zoo, hardware, observations);
    }
}
