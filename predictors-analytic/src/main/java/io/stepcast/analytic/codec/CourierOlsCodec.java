package io.stepcast.analytic.codec;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.analytic.estimators.CourierOlsEstimator;
import io.stepcast.analytic.estimators.CourierOlsPredictor;
import io.stepcast.analytic.estimators.OlsModel;
import io.stepcast.analytic.formula.Term;

import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Saves and loads {@link CourierOlsPredictor}s as the envelope {@value #FORMAT}, its doubles exact to the bit so that a
 * reload predicts exactly the same; payloads of version 1 (plain text) still read.
 * <pre>
 * {"format":"stepcast-courier-ols","version":2,"extrapolate":false,
 *  "models":[{"target":"response-time","terms":["cpu","batch","cpu:batch", ...],"coefficients":[423.55, ...],
 *             "ranges":{"cpu":[1.0,8.0]},"constant":{"network":0.0}}]}
 * </pre>
 * The first coefficient is the intercept, then one per term in order; a term is its factors joined by {@code :}.
 */
public final class CourierOlsCodec extends EnvelopeCodec<CourierOlsPredictor> {
    static final String FORMAT = "stepcast-courier-ols";
    private static final int VERSION = 2;

    /** The codec {@link io.stepcast.analytic.AnalyticPlugin} registers for {@code courier-ols}. */
    public CourierOlsCodec() {
        super(CourierOlsEstimator.NAME, CourierOlsPredictor.class, FORMAT, VERSION);
    }

    @Override
    protected void write(CourierOlsPredictor p, PayloadWriter w) {
        w.flag("extrapolate", p.extrapolates());
        w.emptyList("models");
        for (Map.Entry<Target, OlsModel> e : p.models().entrySet()) {
            OlsModel m = e.getValue();
            PayloadWriter model = w.element("models").text("target", e.getKey().label())
                    .texts("terms", m.terms().stream().map(Term::name).toList())
                    .numbers("coefficients", m.coefficients());
            PayloadWriter ranges = model.object("ranges");
            m.ranges().forEach(ranges::numbers);
            PayloadWriter constant = model.object("constant");
            m.constant().forEach(constant::number);
        }
    }

    @Override
    protected Predictor readFormer(byte[] payload, Provenance provenance) throws IOException {
        return FormerCourierOlsText.decode(payload, provenance);
    }

    @Override
    protected Predictor read(PayloadReader r, Provenance provenance) throws IOException {
        boolean extrapolate = r.flag("extrapolate");
        Map<Target, OlsModel> models = new EnumMap<>(Target.class);
        for (PayloadReader m : r.elements("models")) {
            Target target;
            try {
                target = Target.parse(m.text("target"));
            } catch (IllegalArgumentException e) {
                throw m.corrupt("target", e.getMessage());
            }
            List<Term> terms = new ArrayList<>();
            for (String t : m.texts("terms")) {
                terms.add(new Term(List.of(t.split(":"))));
            }
            double[] coefficients = m.numbers("coefficients");
            if (coefficients.length != terms.size() + 1) {
                throw m.corrupt("coefficients", coefficients.length + " values for " + terms.size()
                        + " terms and the intercept");
            }
            Map<String, double[]> ranges = new LinkedHashMap<>();
            PayloadReader rr = m.object("ranges");
            for (String f : rr.names()) {
                double[] range = rr.numbers(f);
                if (range.length != 2) {
                    throw rr.corrupt(f, "a range is [min, max]");
                }
                ranges.put(f, range);
            }
            Map<String, Double> constant = new LinkedHashMap<>();
            PayloadReader cr = m.object("constant");
            for (String f : cr.names()) {
                constant.put(f, cr.number(f));
            }
            for (double c : coefficients) {
                if (Double.isNaN(c)) {
                    throw m.corrupt("coefficients", "NaN value");
                }
            }
            try {
                if (models.put(target, new OlsModel(terms, coefficients, ranges, constant)) != null) {
                    throw m.corrupt("target", "model " + target.label() + " twice");
                }
            } catch (IllegalArgumentException e) {
                throw m.corrupt(e.getMessage());
            }
        }
        if (models.isEmpty()) {
            throw r.corrupt("models", "no model");
        }
        return new CourierOlsPredictor(models, extrapolate, provenance);
    }
}
