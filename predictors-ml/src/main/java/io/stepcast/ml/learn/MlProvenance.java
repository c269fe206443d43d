package io.stepcast.ml.learn;

import io.stepcast.api.Provenance;
import io.stepcast.api.StepcastVersion;
import io.stepcast.api.TrainingSet;
import org.tribuo.Tribuo;

import java.util.Map;

/** Provenance of this module's fits: stepcast's record plus the Tribuo version that trained the models. */
public final class MlProvenance {
    private MlProvenance() {
    }

    /**
     * @param estimator       registered estimator name
     * @param hyperParameters the estimator's hyper-parameters and the values chosen by grid searches
     * @param training        the training data
     * @param seed            the seed of the fit
     */
    public static Provenance of(String estimator, Map<String, String> hyperParameters, TrainingSet training, long seed) {
        return new Provenance(estimator, hyperParameters, training.id(), training.checksum(), training.size(), seed,
                Map.of("stepcast", StepcastVersion.get(), "tribuo", Tribuo.VERSION));
    }
}
