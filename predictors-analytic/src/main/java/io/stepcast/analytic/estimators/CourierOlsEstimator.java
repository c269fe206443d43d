package io.stepcast.analytic.estimators;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.analytic.formula.Formula;
import io.stepcast.analytic.formula.Term;
import io.stepcast.analytic.ols.CellRegression;
import io.stepcast.analytic.ols.Cells;
import io.stepcast.analytic.ols.OlsFit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Courier's regression with interactions as a predictor (Albo Martinez et al., ICPE 2021, section 3: the
 * OLS model {@code time ~ cpu*batch*njobs} of their factorial analysis) of {@link Target#RESPONSE_TIME}
 * and {@link Target#ACCURACY}, on the {@link CourierFeatures} of the configuration. Aggregated rows are
 * fitted as cells weighted by their run count ({@link CellRegression}), which gives the coefficients of the
 * fit on the raw runs.
 *
 * <p>Our choices where the paper is silent: a factor that is constant in the training data of a target
 * (the network in the cell table averaged over both networks, cpu in the accuracy table averaged over
 * cpu) is dropped with every term containing it, and the predictor ignores it: the data say nothing about
 * its effect. Rows tagged {@code averaged_over=...} (Courier's batch x njobs table, averaged over cpu and
 * network) are left out of a target whose formula uses one of the averaged factors: their value mixes
 * the levels of that factor. Hence the accuracy default {@code batch*njobs}, which the averaged table can
 * train (Courier finds accuracy driven by the batch at a fixed epoch budget). Outside the training range of a used factor the answer is "not applicable" unless
 * {@code extrapolate=true}: a cubic interaction model extrapolates wildly. A non-positive predicted time
 * or an accuracy outside [0, 1] is "not applicable", never clipped.
 *
 * <p>Hyper-parameters: {@code time-terms} and {@code accuracy-terms} (formula right-hand sides, default
 * {@code cpu*batch*njobs + network} for time, {@code batch*njobs} for accuracy), {@code extrapolate}
 * (default false).
 */
public final class CourierOlsEstimator extends AbstractEstimator implements DeclaredInputs {
    /** Registered name. */
    public static final String NAME = "courier-ols";

    /** With the default hyper-parameters. */
    public CourierOlsEstimator() {
        this(HyperParameters.of("time-terms", "cpu*batch*njobs + network",
                "accuracy-terms", "batch*njobs", "extrapolate", "false"));
    }

    private CourierOlsEstimator(HyperParameters hp) {
        super(NAME, "Courier's OLS with interactions (time: cpu*batch*njobs + network, accuracy: batch*njobs) "
                + "(Albo Martinez et al., ICPE 2021)", EnumSet.of(Target.RESPONSE_TIME, Target.ACCURACY), hp);
        formula(Target.RESPONSE_TIME);
        formula(Target.ACCURACY);
        hp.flag("extrapolate");
    }

    @Override
    public List<String> configFields() {
        return List.of("workload.model", "deployment.workers", "deployment.devicesPerWorker", "deployment.tenants",
                "localBatch");
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new CourierOlsEstimator(params);
    }

    private Formula formula(Target target) {
        String key = target == Target.RESPONSE_TIME ? "time-terms" : "accuracy-terms";
        Formula f;
        try {
            f = Formula.parse("y ~ " + params().text(key));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hyper-parameter '" + key + "': " + e.getMessage(), e);
        }
        for (String factor : f.factors()) {
            if (!CourierFeatures.NAMES.contains(factor)) {
                throw new IllegalArgumentException("hyper-parameter '" + key + "': unknown factor '" + factor
                        + "' (known: " + String.join(", ", CourierFeatures.NAMES) + ")");
            }
        }
        return f;
    }

    @Override
    public Predictor fit(TrainingSet training) {
        Map<Target, OlsModel> models = new EnumMap<>(Target.class);
        List<String> failures = new ArrayList<>();
        for (Target target : targets()) {
            Formula formula = formula(target);
            List<Observation> rows = training.withTarget(target).stream()
                    .filter(o -> averagedOver(o).stream().noneMatch(formula.factors()::contains)).toList();
            if (rows.isEmpty()) {
                failures.add(target.label() + ": no observation measures it at the levels of "
                        + String.join(", ", formula.factors()));
                continue;
            }
            try {
                models.put(target, fitTarget(formula, rows, target));
            } catch (IllegalArgumentException e) {
                failures.add(target.label() + ": " + e.getMessage());
            }
        }
        if (models.isEmpty()) {
            throw new CannotFitException(NAME + " cannot fit training set " + training.id() + ": "
                    + String.join("; ", failures));
        }
        return new CourierOlsPredictor(models, params().flag("extrapolate"), Provenance.of(this, training, 0));
    }

    private static List<String> averagedOver(Observation o) {
        String v = o.tag("averaged_over", "");
        return v.isBlank() ? List.of() : Arrays.stream(v.split(",")).map(String::trim).toList();
    }

    private static OlsModel fitTarget(Formula formula, List<Observation> rows, Target target) {
        Cells cells = CourierFeatures.cells(rows, formula.factors(), target);
        Map<String, double[]> factors = cells.factors();
        Map<String, Double> constant = new LinkedHashMap<>();
        Map<String, double[]> ranges = new LinkedHashMap<>();
        factors.forEach((name, v) -> {
            double min = Arrays.stream(v).min().orElseThrow();
            double max = Arrays.stream(v).max().orElseThrow();
            if (min == max) {
                constant.put(name, min);
            } else {
                ranges.put(name, new double[] {min, max});
            }
        });
        List<Term> kept = formula.terms().stream()
                .filter(t -> t.factors().stream().noneMatch(constant::containsKey)).toList();
        OlsFit fit = CellRegression.fit(formula.withTerms(kept), cells);
        return new OlsModel(kept, fit.estimates(), ranges, constant);
    }
}
