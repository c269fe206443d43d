package io.stepcast.queueing.mva;

import io.stepcast.api.HyperParameters;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.queueing.fit.BasisLookup;
import io.stepcast.queueing.fit.TrainingSetText;

import java.io.IOException;

/**
 * Saves and loads fitted {@code mva} predictors. The fitted state is what MVA reads of its training set, and
 * it is small: the single- and two-worker observations with a step time, and the profiles
 * ({@link TrainingSetText}, first line {@value #HEADER}). Hyper-parameters come back from the provenance.
 */
public final class MvaCodec implements PredictorCodec {
    static final String HEADER = "stepcast-mva 1";

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        if (!(predictor instanceof MvaPredictor m)) {
            throw new IOException("not an mva predictor: " + predictor.getClass().getName());
        }
        return TrainingSetText.encode(HEADER, m.training(), 2);
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        TrainingSet training = TrainingSetText.decode(payload, HEADER, provenance.trainingSetId());
        HyperParameters hp;
        try {
            hp = MvaEstimator.DEFAULTS.with(provenance.hyperParameters());
        } catch (IllegalArgumentException e) {
            throw new IOException("mva provenance: " + e.getMessage(), e);
        }
        return new MvaPredictor(new BasisLookup(training, hp.text("profiled-ps")), training, hp, provenance);
    }
}
