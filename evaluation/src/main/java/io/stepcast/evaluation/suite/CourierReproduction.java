package io.stepcast.evaluation.suite;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.api.selection.CourierSelector;
import io.stepcast.evaluation.metrics.HoldOutScorer;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Reproduces the published figures of Courier (Albo Martinez, Bobde, Motyka, Chen, ICPE 2021) through
 * the predictors and the real tables:
 * <ul>
 *   <li>live test (section 5): runs that missed their SLO, counted from the measured times (3 of 15);
 *       the time-prediction MSE on the 15 live runs of the {@code courier-forest} time model (3688 s^2)
 *       and of the gradient-boosting comparator on features cpu, batch, network ({@code xgboost},
 *       2668 s^2), both fitted on the 48 cell means; the batch chosen by Courier's rule with the
 *       {@code courier-forest} predictor (fitted on the cells and the batch x njobs accuracy table) for
 *       each of the 5 live jobs, compared with the batch the authors' Courier chose;</li>
 *   <li>OLS {@code time ~ cpu*batch*njobs} ({@code anova_time.csv}): the coefficients are recovered
 *       from the {@code courier-ols} predictor alone, by regressing its predictions at the 48 cells on the
 *       design matrix (exact when the predictor is that polynomial; with a balanced design OLS on the
 *       cell means has the same coefficients as OLS on the 288 runs). R^2, adjusted R^2, F(7, 280) and the
 *       residual sum of squares follow from its predictions and the cells' published standard deviations
 *       (6 runs per cell): {@code RSS = sum (n-1) sd^2 + n (mean - fit)^2}.</li>
 * </ul>
 * The Type-II sums of squares per term, and batch's share of the variation (published about 57%), come
 * from refits of {@code courier-ols} with reduced {@code time-terms} (see {@link #typeTwo}). The pairwise
 * Mann-Whitney tests are not predictions and are left to the {@code anova} command.
 */
final class CourierReproduction implements Reproduction {
    private static final String[] TERMS = {"Intercept", "cpu", "batch", "cpu:batch", "njobs", "cpu:njobs",
        "batch:njobs", "cpu:batch:njobs"};
    /** anova_time.csv: coefficients in TERMS order. */
    private static final double[] COEF = {423.558693, -11.307043, -0.718293, 0.013947, -4.256568, 12.682946,
        0.030830, -0.026666};
    /** anova_time.csv: Type-II sums of squares of TERMS[1..]. */
    private static final double[] SUM_SQ = {245445.3, 6469289, 265883.6, 547660.0, 217907.5, 108173.9, 115560.2};
    private static final double RESIDUAL_SS = 3285316;
    private static final int RUNS = 288;
    private static final int P = 7;

    @Override
    public List<ReproductionRow> reproduce(Context context) throws IOException {
        List<Observation> cells = context.source("courier-cells");
        List<Observation> live = context.source("courier-live");
        List<Observation> accuracy = context.source("courier-batch-njobs");
        List<ReproductionRow> rows = new ArrayList<>();
        liveTest(context, cells, live, accuracy, rows);
        ols(context.estimator("courier-ols"), cells, rows);
        return rows;
    }

    private static void liveTest(Context context, List<Observation> cells, List<Observation> live,
                                 List<Observation> accuracy, List<ReproductionRow> rows) {
        long missed = live.stream().filter(o -> o.value(Target.RESPONSE_TIME).getAsDouble()
                >= Double.parseDouble(o.tag("slo_s", "NaN"))).count();
        rows.add(ReproductionRow.of("Courier live test: runs that missed the SLO (of " + live.size() + ")", 3, missed,
                "measured time >= slo_s in evaluation_runs.csv"));
        TrainingSet train = TrainingSet.of("courier-cells", cells);
        rows.add(mse("Courier live test: time-prediction MSE of the Courier time forest, s^2", 3688,
                context.estimator("courier-forest"), Map.of(), train, live));
        rows.add(mse("Courier live test: time-prediction MSE of gradient boosting on cpu, batch, network, s^2", 2668,
                context.estimator("xgboost"), Map.of("features", "cpu,batch,network"), train, live));

        Map<String, Observation> jobs = new LinkedHashMap<>();
        live.forEach(o -> jobs.putIfAbsent(o.tag("job", "?"), o));
        List<Observation> both = new ArrayList<>(cells);
        both.addAll(accuracy);
        try {
            Predictor courier = context.estimator("courier-forest").fit(TrainingSet.of("courier-cells+batch-njobs", both));
            int agree = 0;
            List<String> picks = new ArrayList<>();
            for (Observation o : jobs.values()) {
                BatchDecision d = new CourierSelector(courier, Target.RESPONSE_TIME, Optional.of(courier),
                        BatchScope.GLOBAL, 0.5).select(o.config(), List.of(64, 128, 256, 512),
                        OptionalDouble.of(Double.parseDouble(o.tag("slo_s", "NaN"))));
                int theirs = Integer.parseInt(o.tag("chosen_batch", "-1"));
                agree += d.batch() == theirs ? 1 : 0;
                picks.add("job " + o.tag("job", "?") + ": " + d.batch() + " (authors " + theirs + ")");
            }
            rows.add(ReproductionRow.of("Courier live test: jobs where Courier's rule chose the authors' batch (of "
                    + jobs.size() + ")", jobs.size(), agree, "courier-forest + CourierSelector; " + String.join(", ", picks)));
        } catch (RuntimeException e) {
            rows.add(ReproductionRow.unreachable("Courier live test: jobs where Courier's rule chose the authors' batch",
                    jobs.size(), "courier-forest: " + HoldOutScorer.oneLine(e.getMessage())));
        }
    }

    private static ReproductionRow mse(String quantity, double published, Estimator estimator,
                                       Map<String, String> hyper, TrainingSet train, List<Observation> test) {
        String note = estimator.name();
        try {
            Estimator e = estimator;
            if (!hyper.isEmpty()) {
                try {
                    e = estimator.withHyperParameters(hyper);
                    note += " " + hyper;
                } catch (IllegalArgumentException unknown) {
                    note += " (default features: " + HoldOutScorer.oneLine(unknown.getMessage()) + ")";
                }
            }
            Predictor p = e.fit(train);
            double sse = 0;
            int n = 0;
            for (Observation o : test) {
                OptionalDouble v = p.predict(o.config(), Target.RESPONSE_TIME).asDouble();
                if (v.isEmpty()) {
                    return ReproductionRow.unreachable(quantity, published, note + " refused a live run");
                }
                double err = v.getAsDouble() - o.value(Target.RESPONSE_TIME).getAsDouble();
                sse += err * err;
                n++;
            }
            return ReproductionRow.of(quantity, published, sse / n, note + ", fitted on the 48 cell means, "
                    + n + " live runs");
        } catch (RuntimeException ex) {
            return ReproductionRow.unreachable(quantity, published, note + ": " + HoldOutScorer.oneLine(ex.getMessage()));
        }
    }

    private static void ols(Estimator estimator, List<Observation> cells, List<ReproductionRow> rows) {
        Predictor p;
        String unreachable = null;
        double[] fit = new double[cells.size()];
        p = null;
        try {
            p = estimator.fit(TrainingSet.of("courier-cells", cells));
            for (int i = 0; i < cells.size(); i++) {
                OptionalDouble v = p.predict(cells.get(i).config(), Target.RESPONSE_TIME).asDouble();
                if (v.isEmpty()) {
                    throw new IllegalStateException("courier-ols refused cell " + i);
                }
                fit[i] = v.getAsDouble();
            }
        } catch (RuntimeException e) {
            unreachable = "courier-ols: " + HoldOutScorer.oneLine(e.getMessage());
        }
        if (unreachable != null) {
            for (int i = 0; i < TERMS.length; i++) {
                rows.add(ReproductionRow.unreachable("OLS coefficient " + TERMS[i], COEF[i], unreachable));
            }
            for (String q : List.of("OLS R^2", "OLS adjusted R^2", "OLS F(7, 280)", "OLS residual sum of squares")) {
                rows.add(ReproductionRow.unreachable(q, published(q), unreachable));
            }
        } else {
            double[][] x = new double[cells.size()][];
            for (int i = 0; i < cells.size(); i++) {
                x[i] = design(cells.get(i).config());
            }
            OLSMultipleLinearRegression reg = new OLSMultipleLinearRegression();
            reg.setNoIntercept(true);
            reg.newSampleData(fit.clone(), x);
            double[] beta = reg.estimateRegressionParameters();
            for (int i = 0; i < TERMS.length; i++) {
                rows.add(ReproductionRow.of("OLS coefficient " + TERMS[i], COEF[i], beta[i],
                        "recovered from courier-ols predictions at the 48 cells"));
            }
            double rss = 0;
            double tss = 0;
            double weighted = 0;
            int total = 0;
            for (Observation o : cells) {
                weighted += o.measurements().runs() * o.value(Target.RESPONSE_TIME).getAsDouble();
                total += o.measurements().runs();
            }
            double grand = weighted / total;
            for (int i = 0; i < cells.size(); i++) {
                Observation o = cells.get(i);
                int n = o.measurements().runs();
                double mean = o.value(Target.RESPONSE_TIME).getAsDouble();
                double sd = o.measurements().standardDeviation(Target.RESPONSE_TIME).orElse(Double.NaN);
                double within = (n - 1) * sd * sd;
                rss += within + n * (mean - fit[i]) * (mean - fit[i]);
                tss += within + n * (mean - grand) * (mean - grand);
            }
            double r2 = 1 - rss / tss;
            String how = "courier-ols predictions + cell standard deviations, " + total + " runs";
            rows.add(ReproductionRow.of("OLS R^2", 0.708, r2, how));
            rows.add(ReproductionRow.of("OLS adjusted R^2", 0.701, 1 - (1 - r2) * (total - 1) / (total - P - 1), how));
            rows.add(ReproductionRow.of("OLS F(7, 280)", 97.04, ((tss - rss) / P) / (rss / (total - P - 1)), how));
            rows.add(ReproductionRow.of("OLS residual sum of squares", RESIDUAL_SS, rss, how));
        }
        typeTwo(estimator, cells, rows);
    }

    /**
     * Type-II sums of squares through refits of the predictor: for each term T, {@code SS(T) = RSS(M_-T) -
     * RSS(M_-T + T)} where {@code M_-T} holds every term that does not contain T; the refits change only the
     * {@code time-terms} hyper-parameter, and RSS differences need only the predictions at the cells (the
     * within-cell part cancels).
     */
    private static void typeTwo(Estimator estimator, List<Observation> cells, List<ReproductionRow> rows) {
        double[] ss = new double[TERMS.length - 1];
        String failure = null;
        for (int t = 1; t < TERMS.length && failure == null; t++) {
            List<String> factors = List.of(TERMS[t].split(":"));
            List<String> others = new ArrayList<>();
            for (int u = 1; u < TERMS.length; u++) {
                if (u != t && !List.of(TERMS[u].split(":")).containsAll(factors)) {
                    others.add(TERMS[u]);
                }
            }
            List<String> with = new ArrayList<>(others);
            with.add(TERMS[t]);
            try {
                ss[t - 1] = weightedSse(estimator, others, cells) - weightedSse(estimator, with, cells);
            } catch (RuntimeException e) {
                failure = estimator.name() + " with time-terms: " + HoldOutScorer.oneLine(e.getMessage());
            }
        }
        double fullSse;
        try {
            fullSse = failure == null ? weightedSse(estimator, List.of(TERMS).subList(1, TERMS.length), cells) : 0;
        } catch (RuntimeException e) {
            failure = estimator.name() + ": " + HoldOutScorer.oneLine(e.getMessage());
            fullSse = 0;
        }
        double within = 0;
        for (Observation o : cells) {
            double sd = o.measurements().standardDeviation(Target.RESPONSE_TIME).orElse(Double.NaN);
            within += (o.measurements().runs() - 1) * sd * sd;
        }
        double total = within + fullSse;
        double published = RESIDUAL_SS;
        for (int i = 0; i < SUM_SQ.length; i++) {
            String q = "Type-II ANOVA sum of squares, " + TERMS[i + 1];
            if (failure != null) {
                rows.add(ReproductionRow.unreachable(q, SUM_SQ[i], failure));
            } else {
                rows.add(ReproductionRow.of(q, SUM_SQ[i], ss[i], "refits of courier-ols without the term (time-terms)"));
                total += ss[i];
            }
            published += SUM_SQ[i];
        }
        String q = "share of variation explained by batch (Type-II SS / total)";
        if (failure != null) {
            rows.add(ReproductionRow.unreachable(q, SUM_SQ[1] / published, failure));
        } else {
            rows.add(ReproductionRow.of(q, SUM_SQ[1] / published, ss[1] / total,
                    "Type-II SS of batch / (sum of Type-II SS + residual SS); published about 57%"));
        }
    }

    /**
     * {@code sum n (mean - fit)^2} over the cells of courier-ols refitted with the given time terms. The
     * predictor declines non-positive times, which a reduced model can produce at a few cells; its fitted
     * polynomial is then recovered by regressing the predictions it did give on the terms' design columns,
     * and evaluated at every cell (exact, since the fit is that polynomial).
     */
    private static double weightedSse(Estimator estimator, List<String> terms, List<Observation> cells) {
        Predictor p = estimator.withHyperParameters(Map.of("time-terms", String.join(" + ", terms)))
                .fit(TrainingSet.of("courier-cells", cells));
        List<double[]> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (Observation o : cells) {
            OptionalDouble v = p.predict(o.config(), Target.RESPONSE_TIME).asDouble();
            if (v.isPresent()) {
                x.add(design(o.config(), terms));
                y.add(v.getAsDouble());
            }
        }
        if (x.size() <= terms.size() + 1) {
            throw new IllegalStateException("answered only " + x.size() + " of " + cells.size() + " cells");
        }
        OLSMultipleLinearRegression reg = new OLSMultipleLinearRegression();
        reg.setNoIntercept(true);
        reg.newSampleData(y.stream().mapToDouble(Double::doubleValue).toArray(), x.toArray(new double[0][]));
        double[] beta = reg.estimateRegressionParameters();
        double sse = 0;
        for (Observation o : cells) {
            double[] row = design(o.config(), terms);
            double fit = 0;
            for (int i = 0; i < row.length; i++) {
                fit += beta[i] * row[i];
            }
            double mean = o.value(Target.RESPONSE_TIME).getAsDouble();
            sse += o.measurements().runs() * (mean - fit) * (mean - fit);
        }
        return sse;
    }

    /** Intercept and the product of each term's factors (cpu = workers, batch = global batch, njobs = tenants). */
    private static double[] design(Config c, List<String> terms) {
        double[] row = new double[terms.size() + 1];
        row[0] = 1;
        for (int i = 0; i < terms.size(); i++) {
            double v = 1;
            for (String f : terms.get(i).split(":")) {
                v *= switch (f) {
                    case "cpu" -> c.workers();
                    case "batch" -> c.globalBatch();
                    case "njobs" -> c.deployment().tenants();
                    default -> throw new IllegalArgumentException("unknown factor " + f);
                };
            }
            row[i + 1] = v;
        }
        return row;
    }

    private static double published(String quantity) {
        return switch (quantity) {
            case "OLS R^2" -> 0.708;
            case "OLS adjusted R^2" -> 0.701;
            case "OLS F(7, 280)" -> 97.04;
            default -> RESIDUAL_SS;
        };
    }

    /** The design row of {@code time ~ cpu*batch*njobs} in TERMS order; batch is the job's global batch. */
    private static double[] design(Config c) {
        double cpu = c.workers();
        double batch = c.globalBatch();
        double njobs = c.deployment().tenants();
        return new double[] {1, cpu, batch, cpu * batch, njobs, cpu * njobs, batch * njobs, cpu * batch * njobs};
    }
}
