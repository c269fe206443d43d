package io.stepcast.analytic.reproduction;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.evaluation.Reproduction;
import io.stepcast.api.evaluation.ReproductionRow;
import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.models.selection.CourierSelector;
import io.stepcast.analytic.courier.CourierStepsEstimator;
import io.stepcast.analytic.estimators.CourierFeatures;
import io.stepcast.analytic.estimators.CourierOlsPredictor;
import io.stepcast.analytic.estimators.OlsModel;
import io.stepcast.analytic.formula.Formula;
import io.stepcast.analytic.ols.AnovaRow;
import io.stepcast.analytic.ols.CellRegression;
import io.stepcast.analytic.ols.Cells;
import io.stepcast.analytic.ols.TypeTwoAnova;
import io.stepcast.analytic.table.CsvTable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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
 *       2668 s^2), both fitted on the 48 cell means, and of {@link CourierStepsEstimator} fitted on the same
 *       cells (no published figure: its row names the project's 2,000 s^2 target in its note); the batch
 *       chosen by Courier's rule with the {@code courier-forest} predictor (fitted on the cells and the
 *       batch x njobs accuracy table) for each of the 5 live jobs, compared with the batch the authors' Courier
 *       chose;</li>
 *   <li>OLS {@code time ~ cpu*batch*njobs}: the coefficients are those of the fitted {@code courier-ols}
 *       predictor (fitted on the 48 cells; with a balanced design OLS on the cell means has the
 *       coefficients of OLS on the 288 runs). R^2, adjusted R^2, F(7, 280) and the residual sum of squares
 *       follow from its predictions and the cells' published standard deviations (6 runs per cell):
 *       {@code RSS = sum (n-1) sd^2 + n (mean - fit)^2};</li>
 *   <li>the Type-II sums of squares per term ({@link TypeTwoAnova} on the cells) and batch's share of the
 *       variation (published about 57%).</li>
 * </ul>
 * The published coefficients, sums of squares and residual sum of squares are read from the authors'
 * {@code anova_time.csv}, embedded by the datasets module ({@link #PUBLISHED_TABLE} on the class path);
 * R^2, adjusted R^2 and F are in the paper's text, not in that table. The pairwise Mann-Whitney tests are
 * not predictions and are left to the {@code anova} command.
 */
public final class CourierReproduction implements Reproduction {
    /** The name suites list it by. */
    public static final String NAME = "courier";
    /** The authors' OLS/ANOVA table, as the datasets module embeds it. */
    public static final String PUBLISHED_TABLE = "/io/stepcast/datasets/embedded/courier/anova_time.csv";
    private static final Formula FORMULA = Formula.parse("time ~ cpu*batch*njobs");
    /** Courier, ICPE 2021, section 3 (the OLS fit of time ~ cpu*batch*njobs): R^2 0.708, adjusted 0.701, F 97.04. */
    private static final double PUBLISHED_R2 = 0.708;
    private static final double PUBLISHED_ADJUSTED_R2 = 0.701;
    private static final double PUBLISHED_F = 97.04;
    private static final List<Integer> LIVE_BATCHES = List.of(64, 128, 256, 512);

    @Override
    public List<ReproductionRow> reproduce(Context context) throws IOException {
        List<Observation> cells = context.source("courier-cells");
        List<Observation> live = context.source("courier-live");
        List<Observation> accuracy = context.source("courier-batch-njobs");
        Published published = Published.read();
        List<ReproductionRow> rows = new ArrayList<>();
        liveTest(context, cells, live, accuracy, rows);
        ols(context.estimator("courier-ols"), cells, published, rows);
        typeTwo(cells, published, rows);
        return rows;
    }

    /** The published table: coefficient and Type-II sum of squares per term, in its order, and the residual SS. */
    private record Published(List<String> terms, Map<String, Double> coefficients, Map<String, Double> sumSq,
                             double residualSs) {
        static Published read() throws IOException {
            List<String> lines;
            try (InputStream in = CourierReproduction.class.getResourceAsStream(PUBLISHED_TABLE)) {
                if (in == null) {
                    throw new IOException("courier reproduction: " + PUBLISHED_TABLE + " is not on the class path"
                            + " (it comes with the datasets module)");
                }
                lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            }
            CsvTable t = CsvTable.parse("anova_time.csv", lines);
            List<String> terms = new ArrayList<>();
            Map<String, Double> coef = new LinkedHashMap<>();
            Map<String, Double> ss = new LinkedHashMap<>();
            double residual = Double.NaN;
            for (int r = 0; r < t.size(); r++) {
                String term = t.text(r, "term");
                if (term.equals("Residual")) {
                    residual = Double.parseDouble(t.text(r, "sum_sq"));
                    continue;
                }
                terms.add(term);
                coef.put(term, Double.parseDouble(t.text(r, "coef")));
                if (!t.text(r, "sum_sq").isEmpty()) {
                    ss.put(term, Double.parseDouble(t.text(r, "sum_sq")));
                }
            }
            return new Published(terms, coef, ss, residual);
        }
    }

    private static void liveTest(Context context, List<Observation> cells, List<Observation> live,
                                 List<Observation> accuracy, List<ReproductionRow> rows) {
        long missed = live.stream().filter(o -> o.value(Target.RESPONSE_TIME).getAsDouble()
                >= Double.parseDouble(o.tag("slo_s", "NaN"))).count();
        // Courier, section 5 (live test): 3 of the 15 runs missed their SLO; MSEs 3688 and 2668 s^2.
        rows.add(ReproductionRow.of("Courier live test: runs that missed the SLO (of " + live.size() + ")", 3, missed,
                "measured time >= slo_s in evaluation_runs.csv"));
        TrainingSet train = TrainingSet.of("courier-cells", cells);
        rows.add(mse("Courier live test: time-prediction MSE of the Courier time forest, s^2", 3688,
                context.estimator("courier-forest"), Map.of(), train, live));
        rows.add(mse("Courier live test: time-prediction MSE of gradient boosting on cpu, batch, network, s^2", 2668,
                context.estimator("xgboost"), Map.of("features", "cpu,batch,network"), train, live));
        // This project's own model: nothing published to compare with; the project's target goes in the note.
        ReproductionRow steps = mse("Courier live test: time-prediction MSE of the step-count model, s^2", Double.NaN,
                new CourierStepsEstimator(), Map.of(), train, live);
        rows.add(new ReproductionRow(steps.quantity(), steps.published(), steps.reproduced(), steps.note()
                + "; no published figure (a model of this project), the project's target: at most 2,000 s^2"));

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
                        BatchScope.GLOBAL, CourierSelector.DEFAULT_ALPHA).select(o.config(), LIVE_BATCHES,
                        OptionalDouble.of(Double.parseDouble(o.tag("slo_s", "NaN"))));
                int theirs = Integer.parseInt(o.tag("chosen_batch", "-1"));
                agree += d.batch() == theirs ? 1 : 0;
                picks.add("job " + o.tag("job", "?") + ": " + d.batch() + " (authors " + theirs + ")");
            }
            rows.add(ReproductionRow.of("Courier live test: jobs where Courier's rule chose the authors' batch (of "
                    + jobs.size() + ")", jobs.size(), agree, "courier-forest + CourierSelector; " + String.join(", ", picks)));
        } catch (RuntimeException e) {
            rows.add(ReproductionRow.unreachable("Courier live test: jobs where Courier's rule chose the authors' batch",
                    jobs.size(), "courier-forest: " + oneLine(e.getMessage())));
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
                    note += " (default features: " + oneLine(unknown.getMessage()) + ")";
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
            return ReproductionRow.unreachable(quantity, published, note + ": " + oneLine(ex.getMessage()));
        }
    }

    private static void ols(Estimator estimator, List<Observation> cells, Published published,
                            List<ReproductionRow> rows) {
        double[] fit = new double[cells.size()];
        Map<String, Double> coefficients;
        String unreachable = null;
        try {
            Predictor p = estimator.fit(TrainingSet.of("courier-cells", cells));
            coefficients = coefficients(p);
            for (int i = 0; i < cells.size(); i++) {
                OptionalDouble v = p.predict(cells.get(i).config(), Target.RESPONSE_TIME).asDouble();
                if (v.isEmpty()) {
                    throw new IllegalStateException("courier-ols refused cell " + i);
                }
                fit[i] = v.getAsDouble();
            }
        } catch (RuntimeException e) {
            unreachable = "courier-ols: " + oneLine(e.getMessage());
            coefficients = Map.of();
        }
        for (String term : published.terms()) {
            double value = published.coefficients().get(term);
            Double fitted = coefficients.get(term);
            rows.add(fitted != null
                    ? ReproductionRow.of("OLS coefficient " + term, value, fitted, "of the fitted courier-ols predictor")
                    : ReproductionRow.unreachable("OLS coefficient " + term, value, unreachable != null ? unreachable
                            : "courier-ols was fitted without the term " + term));
        }
        if (unreachable != null) {
            rows.add(ReproductionRow.unreachable("OLS R^2", PUBLISHED_R2, unreachable));
            rows.add(ReproductionRow.unreachable("OLS adjusted R^2", PUBLISHED_ADJUSTED_R2, unreachable));
            rows.add(ReproductionRow.unreachable("OLS F(7, 280)", PUBLISHED_F, unreachable));
            rows.add(ReproductionRow.unreachable("OLS residual sum of squares", published.residualSs(), unreachable));
            return;
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
        int p = published.terms().size() - 1;
        double r2 = 1 - rss / tss;
        String how = "courier-ols predictions + cell standard deviations, " + total + " runs";
        rows.add(ReproductionRow.of("OLS R^2", PUBLISHED_R2, r2, how));
        rows.add(ReproductionRow.of("OLS adjusted R^2", PUBLISHED_ADJUSTED_R2, 1 - (1 - r2) * (total - 1) / (total - p - 1),
                how));
        rows.add(ReproductionRow.of("OLS F(7, 280)", PUBLISHED_F, ((tss - rss) / p) / (rss / (total - p - 1)), how));
        rows.add(ReproductionRow.of("OLS residual sum of squares", published.residualSs(), rss, how));
    }

    /** The response-time coefficients of a fitted courier-ols predictor by term name ({@code Intercept} first). */
    private static Map<String, Double> coefficients(Predictor p) {
        if (!(p instanceof CourierOlsPredictor ols) || !ols.models().containsKey(Target.RESPONSE_TIME)) {
            throw new IllegalStateException("the predictor registered as courier-ols is not Courier's OLS of the"
                    + " response time");
        }
        OlsModel model = ols.models().get(Target.RESPONSE_TIME);
        double[] c = model.coefficients();
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("Intercept", c[0]);
        for (int i = 0; i < model.terms().size(); i++) {
            out.put(model.terms().get(i).name(), c[i + 1]);
        }
        return out;
    }

    /** Type-II sums of squares of {@code time ~ cpu*batch*njobs} on the cells, and batch's share. */
    private static void typeTwo(List<Observation> cells, Published published, List<ReproductionRow> rows) {
        Map<String, AnovaRow> table = new LinkedHashMap<>();
        String failure = null;
        try {
            Cells c = CourierFeatures.cells(cells, FORMULA.factors(), Target.RESPONSE_TIME);
            TypeTwoAnova.table(CellRegression.fit(FORMULA, c), c).forEach(r -> table.put(r.term(), r));
        } catch (RuntimeException e) {
            failure = "Type-II ANOVA of time ~ cpu*batch*njobs: " + oneLine(e.getMessage());
        }
        double publishedTotal = published.residualSs();
        double total = 0;
        for (Map.Entry<String, Double> e : published.sumSq().entrySet()) {
            String q = "Type-II ANOVA sum of squares, " + e.getKey();
            AnovaRow row = table.get(e.getKey());
            if (row == null) {
                rows.add(ReproductionRow.unreachable(q, e.getValue(), failure != null ? failure : "no term " + e.getKey()));
            } else {
                rows.add(ReproductionRow.of(q, e.getValue(), row.sumOfSquares(),
                        "TypeTwoAnova on the 48 cells (mean, sd, runs)"));
                total += row.sumOfSquares();
            }
            publishedTotal += e.getValue();
        }
        String q = "share of variation explained by batch (Type-II SS / total)";
        double publishedShare = published.sumSq().getOrDefault("batch", Double.NaN) / publishedTotal;
        AnovaRow batch = table.get("batch");
        AnovaRow residual = table.get("Residual");
        if (batch == null || residual == null) {
            rows.add(ReproductionRow.unreachable(q, publishedShare, failure != null ? failure : "no term batch"));
        } else {
            rows.add(ReproductionRow.of(q, publishedShare, batch.sumOfSquares() / (total + residual.sumOfSquares()),
                    "Type-II SS of batch / (sum of Type-II SS + residual SS); published about 57%"));
        }
    }

    private static String oneLine(String message) {
        if (message == null || message.isBlank()) {
            return "(no message)";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message.strip() : message.substring(0, nl).strip();
    }
}
