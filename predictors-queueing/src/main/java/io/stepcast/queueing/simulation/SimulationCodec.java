package io.stepcast.queueing.simulation;

import io.stepcast.api.HyperParameters;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.queueing.fit.BasisLookup;
import io.stepcast.queueing.fit.TrainingSetText;

import java.io.IOException;

/**
 * Saves and loads fitted {@code simulation} predictors: the single-worker observations with a step time and
 * the profiles in full ({@link TrainingSetText}, first line {@value #HEADER}); a zoo profile is a few
 * kilobytes. Calibrations are recomputed on first use, deterministically, so a reloaded predictor predicts
 * exactly what the saved one did.
 */
public final class SimulationCodec implements PredictorCodec {
    static final String HEADER = "stepcast-simulation 1";

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        if (!(predictor instanceof SimulationPredictor s)) {
            throw new IOException("not a simulation predictor: " + predictor.getClass().getName());
        }
        return TrainingSetText.encode(HEADER, s.training(), 1);
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        TrainingSet training = TrainingSetText.decode(payload, HEADER, provenance.trainingSetId());
        HyperParameters hp;
        try {
            hp = SimulationEstimator.DEFAULTS.with(provenance.hyperParameters());
        } catch (IllegalArgumentException e) {
            throw new IOException("simulation provenance: " + e.getMessage(), e);
        }
        return new SimulationPredictor(new BasisLookup(training, hp.text("profiled-ps")), training, hp, provenance);
    }
}
