package io.stepcast.api;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Where a fitted predictor comes from, in the manner of Tribuo's model provenance: the estimator and
 * its hyper-parameters, the identity and checksum of the training data, and the seed.
 *
 * @param estimator        registered estimator name
 * @param hyperParameters  every hyper-parameter with its value, as text
 * @param trainingSetId    {@link TrainingSet#id()}
 * @param trainingChecksum {@link TrainingSet#checksum()}
 * @param trainingSize     number of training observations
 * @param seed             random seed of the fit (0 for deterministic estimators)
 * @param versions         versions of stepcast and of the libraries that matter (for example Tribuo)
 */
public record Provenance(String estimator, Map<String, String> hyperParameters, String trainingSetId,
                         String trainingChecksum, int trainingSize, long seed, Map<String, String> versions) {
    public Provenance {
        Validate.text(estimator, "estimator");
        hyperParameters = Collections.unmodifiableMap(new TreeMap<>(
                Objects.requireNonNullElse(hyperParameters, Map.of())));
        Validate.text(trainingSetId, "training set id");
        Validate.text(trainingChecksum, "training checksum");
        Validate.nonNegative(trainingSize, "training size");
        versions = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNullElse(versions, Map.of())));
    }

    /** Provenance of a fit on {@code training} by {@code estimator}. */
    public static Provenance of(Estimator estimator, TrainingSet training, long seed) {
        return new Provenance(estimator.name(), estimator.hyperParameters(), training.id(), training.checksum(),
                training.size(), seed, Map.of("stepcast", StepcastVersion.get()));
    }
}
