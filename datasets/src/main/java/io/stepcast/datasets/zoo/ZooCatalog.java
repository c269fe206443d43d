package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.LayerGradient;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.api.zoo.ModelInfo;

import java.util.List;
import java.util.Optional;

/**
 * The {@link ModelZoo} behind the read-only {@link ModelCatalog} that predictors see. Thread-safe.
 */
public final class ZooCatalog implements ModelCatalog {
    private final ModelZoo zoo;

    /** For Guice: a catalog over a new zoo. */
    public ZooCatalog() {
        this(new ModelZoo());
    }

    /** A catalog over {@code zoo}. */
    public ZooCatalog(ModelZoo zoo) {
        this.zoo = zoo;
    }

    @Override
    public List<String> names() {
        return zoo.names();
    }

    @Override
    public Optional<ModelInfo> find(String name) {
        return zoo.find(name).map(ZooCatalog::info);
    }

    @Override
    public List<String> closest(String name, int limit) {
        return zoo.closest(name, limit);
    }

    @Override
    public Optional<String> refusal(String name) {
        return zoo.refusal(name);
    }

    @Override
    public String notInTheZoo(String name) {
        return zoo.notInTheZoo(name);
    }

    /** The catalog's view of a zoo model. */
    static ModelInfo info(ZooModel m) {
        List<LayerGradient> layers = m.backwardLayers().stream()
                .map(l -> new LayerGradient(l.name(), l.type(), l.parameters() * TensorSpec.FLOAT_BYTES, l.forwardFlops()))
                .toList();
        return new ModelInfo(m.name(), m.description(), m.parameters(), m.parameterBytes(), m.forwardFlops(), layers,
                m.transformer());
    }
}
