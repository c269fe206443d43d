package io.stepcast.models.uncertainty;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.models.persist.EnvelopeHeader;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.IOException;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Saves and loads a predictor fitted by {@link SplitConformalEstimator}, around the codec of its base estimator:
 * the base's payload of the point predictor (and of the proper-part fit when that is another predictor), the
 * coverage, and every target's calibration scores, pooled and per Mondrian category. A reload answers the same
 * points and intervals, bit for bit, so a saved model keeps its calibrated intervals ({@code stepcast predict},
 * {@code select-batch --model --risk}, {@code serve --models}).
 *
 * <p>The envelope {@value #FORMAT}, the base's payloads nested in it (as objects when they are envelopes themselves),
 * {@code proper} absent when the proper-part fit is the point predictor, {@code uncalibrated} empty when every target
 * is calibrated; payloads of version 1 (plain text) still read:
 * <pre>
 * {"format":"stepcast-conformal","version":2,"coverage":0.9,"uncalibrated":"","point":{...},
 *  "targets":[{"target":"step-time","normalisation":"spread","mondrian":"model","scores":[0.01, ...],
 *              "categories":{"resnet-50":[0.02, ...]}}]}
 * </pre>
 */
public final class ConformalCodec implements PredictorCodec {
    /** The envelope's format tag. */
    public static final String FORMAT = "stepcast-conformal";
    private static final int VERSION = 2;
    private static final String SUBJECT = "corrupt conformal payload";

    private final PredictorCodec base;

    /** @param base the codec of the base estimator's predictors */
    public ConformalCodec(PredictorCodec base) {
        this.base = base;
    }

    /** True when {@code predictor} was fitted by a {@link SplitConformalEstimator}. */
    public static boolean handles(Predictor predictor) {
        return predictor instanceof ConformalPredictor;
    }

    /** Why a split-conformal predictor has no calibrated interval, when it has none; empty otherwise. */
    public static Optional<String> uncalibrated(Predictor predictor) {
        return predictor instanceof ConformalPredictor c && !c.uncalibrated().isEmpty() ? Optional.of(c.uncalibrated())
                : Optional.empty();
    }

    /** True when {@code payload} was written by this codec, in this version or the former plain text. */
    public static boolean wrote(byte[] payload) {
        return EnvelopeHeader.of(payload).map(h -> h.format().equals(FORMAT)).orElse(false)
                || FormerConformalText.wrote(payload);
    }

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        if (!(predictor instanceof ConformalPredictor c)) {
            throw new IOException("the conformal codec saves predictors of a split-conformal fit, not of "
                    + predictor.provenance().estimator());
        }
        PayloadWriter w = PayloadWriter.envelope(FORMAT, VERSION).number("coverage", c.coverage())
                .text("uncalibrated", c.uncalibrated()).embed("point", base.encode(c.point()));
        if (c.proper().isPresent()) {
            w.embed("proper", base.encode(c.proper().get()));
        }
        w.emptyList("targets");
        for (Map.Entry<Target, CalibrationScores> e : new TreeMap<>(c.scores()).entrySet()) {
            CalibrationScores s = e.getValue();
            PayloadWriter t = w.element("targets").text("target", e.getKey().label())
                    .text("normalisation", s.normalisation().name().toLowerCase(Locale.ROOT))
                    .text("mondrian", s.mondrian().name().toLowerCase(Locale.ROOT))
                    .numbers("scores", s.scores());
            PayloadWriter categories = t.object("categories");
            new TreeMap<>(s.categories()).forEach(categories::numbers);
        }
        return w.bytes();
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        if (EnvelopeHeader.of(payload).isEmpty()) {
            return FormerConformalText.decode(payload, provenance, base);
        }
        PayloadReader r = PayloadReader.open(payload, SUBJECT, FORMAT, VERSION, VERSION);
        double coverage = r.number("coverage");
        if (!(coverage > 0 && coverage < 1)) {
            throw r.corrupt("coverage", "must be in (0, 1), was " + coverage);
        }
        Provenance inner = withoutWrapper(provenance);
        Predictor point = base.decode(r.embedded("point"), inner);
        Optional<Predictor> proper = r.has("proper") ? Optional.of(base.decode(r.embedded("proper"), inner))
                : Optional.empty();
        Map<Target, CalibrationScores> scores = new EnumMap<>(Target.class);
        for (PayloadReader t : r.elements("targets")) {
            Target target;
            try {
                target = Target.parse(t.text("target"));
            } catch (IllegalArgumentException e) {
                throw t.corrupt("target", "unknown target '" + t.text("target") + "'");
            }
            SplitConformalEstimator.Normalisation mode = enumValue(t, "normalisation",
                    SplitConformalEstimator.Normalisation.class);
            if (mode == SplitConformalEstimator.Normalisation.AUTO) {
                throw t.corrupt("normalisation", "AUTO is never saved");
            }
            CalibrationScores.Mondrian mondrian = enumValue(t, "mondrian", CalibrationScores.Mondrian.class);
            Map<String, double[]> categories = new TreeMap<>();
            PayloadReader c = t.object("categories");
            for (String name : c.names()) {
                categories.put(name, ascending(c, name));
            }
            if (scores.put(target, new CalibrationScores(mode, ascending(t, "scores"), mondrian, categories)) != null) {
                throw t.corrupt("target", target.label() + " twice");
            }
        }
        return new ConformalPredictor(point, proper, scores, coverage, provenance, r.text("uncalibrated"));
    }

    /** The provenance of the inner predictors: the wrapper's without its own hyper-parameters. */
    static Provenance withoutWrapper(Provenance p) {
        Map<String, String> hp = new TreeMap<>(p.hyperParameters());
        hp.keySet().removeIf(k -> k.startsWith(SplitConformalEstimator.PREFIX));
        return new Provenance(p.estimator(), hp, p.trainingSetId(), p.trainingChecksum(), p.trainingSize(), p.seed(),
                p.versions());
    }

    /** Scores, which are non-negative and ascending. */
    private static double[] ascending(PayloadReader r, String name) throws IOException {
        double[] v = r.numbers(name);
        for (int i = 0; i < v.length; i++) {
            if (!(v[i] >= 0) || (i > 0 && v[i] < v[i - 1])) {
                throw r.corrupt(name, "scores must be non-negative and ascending");
            }
        }
        return v;
    }

    private static <E extends Enum<E>> E enumValue(PayloadReader r, String name, Class<E> type) throws IOException {
        String value = r.text(name);
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw r.corrupt(name, "unknown " + name + " '" + value + "'");
        }
    }
}
