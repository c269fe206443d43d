package io.stepcast.app.model;

import io.stepcast.api.Predictor;
import io.stepcast.api.plugin.NotPersistable;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.models.uncertainty.ConformalCodec;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Saves and loads predictors through the codec their plugin registers for the estimator, wrapped in a
 * {@link ConformalCodec} for a predictor fitted with split-conformal intervals. Public so that other
 * front ends ({@code stepcast serve}) load {@code stepcast fit --save} files exactly as {@code predict} does.
 */
public final class SavedPredictors {
    private SavedPredictors() {
    }

    /** Reads a file written by {@code stepcast fit --save}; the message of a failure names the file. */
    public static Predictor load(PluginRegistry registry, Path file) throws IOException {
        return loadSaved(registry, file).predictor();
    }

    /**
     * A saved predictor and the gradient bytes its training rows stated per model, with which a caller completes a
     * row that states none before the zoo's figure ({@link TrainedParameterBytes#fill}).
     *
     * @param predictor the predictor
     * @param trained   its training rows' figures ({@link TrainedParameterBytes#NONE} in a file saved before)
     */
    public record Saved(Predictor predictor, TrainedParameterBytes trained) {
    }

    /** As {@link #load}, with the training rows' parameter bytes the file keeps. */
    public static Saved loadSaved(PluginRegistry registry, Path file) throws IOException {
        ModelFile mf = ModelFile.read(file);
        PredictorCodec codec = registry.codecs().get(mf.estimator());
        if (codec == null) {
            throw new IOException(file + ": saved by estimator '" + mf.estimator()
                    + "', which no plugin on the class path can load");
        }
        try {
            return new Saved((ConformalCodec.wrote(mf.payload()) ? new ConformalCodec(codec) : codec)
                    .decode(mf.payload(), mf.provenance()), mf.trained());
        } catch (IOException | IllegalArgumentException e) {
            // A codec names the field it refuses (a hyper-parameter of the provenance, a payload value) but not the
            // file, which a caller loading a folder of models (serve --models) needs to find it.
            String why = e.getMessage();
            if (why != null && why.startsWith(file.toString())) {
                throw e;
            }
            throw new IOException(file + ": " + why, e);
        }
    }

    /**
     * Refuses, before any fit, an estimator whose predictors cannot be saved, with the reason its plugin declared.
     *
     * @throws IllegalArgumentException naming the estimator and why
     */
    public static void requireSavable(PluginRegistry registry, String estimator) {
        if (!registry.codecs().containsKey(estimator)) {
            throw new IllegalArgumentException(cannotSave(registry, estimator));
        }
    }

    private static String cannotSave(PluginRegistry registry, String estimator) {
        NotPersistable why = registry.notPersistable().get(estimator);
        return "predictor '" + estimator + "' cannot be saved: "
                + (why != null ? why.reason() + " (plugin " + why.module() + ")" : "its plugin registers no codec");
    }

    /**
     * Writes {@code predictor} to {@code file} through the codec its estimator's plugin registers (wrapped for a
     * split-conformal fit), as {@code stepcast fit --save} does.
     *
     * @throws IOException when the estimator has no codec (naming the declared reason) or the file cannot be written
     */
    public static void save(PluginRegistry registry, Predictor predictor, Path file) throws IOException {
        save(registry, predictor, TrainedParameterBytes.NONE, file);
    }

    /** As {@link #save}, keeping the gradient bytes the training rows stated per model ({@code fit --save}). */
    public static void save(PluginRegistry registry, Predictor predictor, TrainedParameterBytes trained, Path file)
            throws IOException {
        String estimator = predictor.provenance().estimator();
        PredictorCodec codec = registry.codecs().get(estimator);
        if (codec == null) {
            throw new IOException(cannotSave(registry, estimator));
        }
        PredictorCodec wrapped = ConformalCodec.handles(predictor) ? new ConformalCodec(codec) : codec;
        new ModelFile(estimator, predictor.provenance(), trained, wrapped.encode(predictor)).write(file);
    }
}
