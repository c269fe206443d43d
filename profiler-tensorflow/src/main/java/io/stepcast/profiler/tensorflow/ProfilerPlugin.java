package io.stepcast.profiler.tensorflow;

import io.stepcast.api.plugin.StepcastPlugin;

/**
 * The profiler-tensorflow plugin: registers the {@code stepcast profile tensorflow} command. It registers
 * no estimator; the profiles it records are read by the datasets module's {@code tf-timeline} importer.
 */
public final class ProfilerPlugin extends StepcastPlugin {
    public ProfilerPlugin() {
        super("profiler-tensorflow");
    }

    @Override
    protected void registerAll() {
        command(ProfileTensorflowExtension.class);
    }
}
