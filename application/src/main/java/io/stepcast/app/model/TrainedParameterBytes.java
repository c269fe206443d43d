package io.stepcast.app.model;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The gradient bytes a saved predictor's training rows stated for each model, kept in its model file so that a row
 * {@code predict} or {@code serve} is asked about without {@code parameter_bytes} is sized as the predictor was fitted,
 * before the zoo's figure is taken. Without it, a model of the user's own that shares a zoo model's name
 * (DeepLearningExamples' ML-20m NCF, 127 MB of gradients, and the zoo's 6.4 MB Pollux NCF) was sized by the zoo: a
 * predictor that prices the row's bytes ({@code allreduce-analytic}) answered for the wrong model without a word.
 * A model whose training rows state several figures (by precision, say) is left out: the row must state its own.
 * Models are matched by {@link ModelNames#key}, as the predictors group them. Immutable.
 *
 * @param byModel each model's one stated figure, by its {@link ModelNames#key}
 */
public record TrainedParameterBytes(Map<String, Long> byModel) {
    /** None: a model file saved before the figures were kept, or a fit on rows that state none. */
    public static final TrainedParameterBytes NONE = new TrainedParameterBytes(Map.of());

    public TrainedParameterBytes {
        Map<String, Long> keyed = new TreeMap<>();
        byModel.forEach((model, bytes) -> keyed.put(ModelNames.key(model), bytes));
        byModel = Map.copyOf(keyed);
    }

    /** The figures of {@code rows}: each model's, where its rows state exactly one. */
    public static TrainedParameterBytes of(List<Observation> rows) {
        Map<String, Set<Long>> seen = new HashMap<>();
        for (Observation o : rows) {
            o.config().workload().parameterBytes().ifPresent(b ->
                    seen.computeIfAbsent(ModelNames.key(o.config().model()), k -> new HashSet<>()).add(b));
        }
        Map<String, Long> one = new HashMap<>();
        seen.forEach((model, figures) -> {
            if (figures.size() == 1) {
                one.put(model, figures.iterator().next());
            }
        });
        return new TrainedParameterBytes(one);
    }

    /** The figure the training rows stated for {@code model} (by its {@link ModelNames#key}), if one. */
    public Optional<Long> of(String model) {
        return Optional.ofNullable(byModel.get(ModelNames.key(model)));
    }

    /** {@code config} with its model's trained figure where it states no {@code parameter_bytes}; else as it is. */
    public Config fill(Config config) {
        if (config.workload().parameterBytes().isPresent()) {
            return config;
        }
        return of(config.model()).map(b -> config.toBuilder().parameterBytes(b).build()).orElse(config);
    }
}
