package io.stepcast.ml.codec;

import io.stepcast.api.Target;
import io.stepcast.ml.features.FittedFeatures;
import io.stepcast.ml.features.TargetTransform;
import io.stepcast.ml.learn.CompiledTrees;
import io.stepcast.ml.learn.FittedRegression;
import io.stepcast.ml.learn.TribuoModelHandle;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One fitted regression as named fields of an envelope: its target, the target transform and standardisation, the
 * feature encoding (numeric columns, the levels of each categorical family, the columns' means and standard
 * deviations, and, from version 4 of the envelopes that hold it, each numeric feature's training range {@code min} and
 * {@code max}, absent from a payload written before, whose model then flags no extrapolation; from version 5, the
 * distinct training values of each numeric feature that took few, {@code trained_values}, absent before, whose model
 * then flags no gap inside a range), then the Tribuo model as its deflated protobuf, the flattened trees of a tree
 * model and the training rows of its quantile forest, each deflated and in Base64 (binary formats of their own). Doubles read back to the
 * same bits, so a reloaded model predicts exactly what the saved one did.
 * <pre>
 * {"target":"step-time","transform":"log","target_mean":-1.2,"target_sd":0.8,
 *  "features":{"numeric":["workers", ...],"levels":{"model":["lenet5","mlp"]},"mean":[...],"sd":[...],
 *               "min":[...],"max":[...],"trained_values":{"workers":[1,8]}},
 *  "tribuo_model":"eJzt...","trees":"eJy1...","quantiles":"eJx..."}
 * </pre>
 */
public final class RegressionFields {
    private static final int MAX_ROWS = 1 << 20;
    private static final int MAX_TREE_NODES = 1 << 26;

    private RegressionFields() {
    }

    /** Writes {@code r}, the model of {@code target}, into {@code w}. */
    public static void write(Target target, FittedRegression r, PayloadWriter w) throws IOException {
        w.text("target", target.label()).text("transform", r.transform().name())
                .number("target_mean", r.targetMean()).number("target_sd", r.targetSd());
        FittedFeatures f = r.features();
        PayloadWriter features = w.object("features").texts("numeric", f.numeric());
        PayloadWriter levels = features.object("levels");
        f.levels().forEach(levels::texts);
        features.numbers("mean", f.mean()).numbers("sd", f.sd());
        if (f.hasRanges()) {
            features.numbers("min", f.min()).numbers("max", f.max());
            double[][] seen = f.trainedValues();
            if (seen != null) {
                PayloadWriter values = features.object("trained_values");
                for (int i = 0; i < seen.length; i++) {
                    if (seen[i] != null) {
                        values.numbers(f.numeric().get(i), seen[i]);
                    }
                }
            }
        }
        w.binary("tribuo_model", Deflated.deflate(r.handle().protobuf()));
        // The flattened trees too, so that a reload predicts at once without reading the Tribuo model.
        if (r.compiled().isPresent()) {
            ByteArrayOutputStream trees = new ByteArrayOutputStream();
            DataOutputStream t = new DataOutputStream(trees);
            r.compiled().get().write(t);
            t.flush();
            w.binary("trees", Deflated.deflate(trees.toByteArray()));
            if (r.hasQuantiles()) {
                ByteArrayOutputStream rows = new ByteArrayOutputStream();
                DataOutputStream q = new DataOutputStream(rows);
                r.writeQuantiles(q);
                q.flush();
                w.binary("quantiles", Deflated.deflate(rows.toByteArray()));
            }
        }
    }

    /** The target of a regression {@link #write} wrote. */
    public static Target target(PayloadReader r) throws IOException {
        String label = r.text("target");
        try {
            return Target.parse(label);
        } catch (IllegalArgumentException e) {
            throw r.corrupt("target", "unknown target '" + label + "'");
        }
    }

    /** The regression {@link #write} wrote into {@code r}. */
    public static FittedRegression read(PayloadReader r) throws IOException {
        TargetTransform transform;
        try {
            transform = TargetTransform.valueOf(r.text("transform"));
        } catch (IllegalArgumentException e) {
            throw r.corrupt("transform", "unknown transform '" + r.text("transform") + "'");
        }
        PayloadReader f = r.object("features");
        PayloadReader l = f.object("levels");
        Map<String, List<String>> levels = new LinkedHashMap<>();
        for (String family : l.names()) {
            levels.put(family, l.texts(family));
        }
        try {
            if (f.has("min") != f.has("max")) {
                throw f.corrupt(f.has("min") ? "max" : "min", "a trained range needs both its minima and maxima");
            }
            // A payload written before the ranges were kept has neither: its model loads and flags nothing. One written
            // before the trained values were kept flags points outside its ranges but no gap inside them.
            List<String> numeric = f.texts("numeric");
            double[][] seen = null;
            if (f.has("trained_values")) {
                PayloadReader values = f.object("trained_values");
                for (String name : values.names()) {
                    if (!numeric.contains(name)) {
                        throw values.corrupt(name, "trained values of a feature the payload does not declare");
                    }
                }
                seen = new double[numeric.size()][];
                for (int i = 0; i < seen.length; i++) {
                    seen[i] = values.has(numeric.get(i)) ? values.numbers(numeric.get(i)) : null;
                }
            }
            FittedFeatures features = new FittedFeatures(numeric, levels, f.numbers("mean"), f.numbers("sd"),
                    f.has("min") ? f.numbers("min") : null, f.has("max") ? f.numbers("max") : null, seen);
            TribuoModelHandle model = TribuoModelHandle.ofProtobuf(Deflated.inflate(r.binary("tribuo_model")));
            Optional<CompiledTrees> trees = Optional.empty();
            if (r.has("trees")) {
                DataInputStream t = new DataInputStream(new ByteArrayInputStream(Deflated.inflate(r.binary("trees"))));
                trees = Optional.of(CompiledTrees.read(t, features.width(), MAX_TREE_NODES));
                if (t.available() != 0) {
                    throw r.corrupt("trees", "trailing bytes after the flattened trees");
                }
            }
            FittedRegression fitted = FittedRegression.restored(features, transform, r.number("target_mean"),
                    r.number("target_sd"), model, trees);
            if (r.has("quantiles")) {
                if (trees.isEmpty()) {
                    throw r.corrupt("quantiles", "a quantile forest without its trees");
                }
                DataInputStream q = new DataInputStream(new ByteArrayInputStream(Deflated.inflate(r.binary("quantiles"))));
                fitted = fitted.withQuantiles(q, MAX_ROWS);
                if (q.available() != 0) {
                    throw r.corrupt("quantiles", "trailing bytes after the quantile forest");
                }
            }
            if (trees.isEmpty() && !new HashSet<>(features.columns()).containsAll(
                    fitted.model().getFeatureIDMap().keySet())) {
                throw r.corrupt("features", "the stored Tribuo model uses features the payload does not declare");
            }
            return fitted;
        } catch (EOFException e) {
            throw r.corrupt("a binary section is truncated");
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw r.corrupt(String.valueOf(e.getMessage()));
        }
    }
}
