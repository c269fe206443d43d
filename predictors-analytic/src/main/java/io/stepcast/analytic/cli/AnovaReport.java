package io.stepcast.analytic.cli;

import io.stepcast.analytic.ols.AnovaRow;
import io.stepcast.analytic.ols.Coefficient;
import io.stepcast.analytic.ols.FactorialAnalysis;
import io.stepcast.analytic.ols.OlsFit;
import io.stepcast.analytic.ols.PairwiseTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders a factorial analysis as a console report (coefficients, fit statistics, Type-II ANOVA table
 * and, for raw runs, the pairwise Mann-Whitney tests) or as one JSON object.
 *
 * @param source    the analysed file
 * @param cells     rows of the file
 * @param analysis  fit and ANOVA
 * @param pairwise  Mann-Whitney tests (empty for aggregated cells)
 */
public record AnovaReport(String source, int cells, FactorialAnalysis analysis, List<PairwiseTest> pairwise) {
    public AnovaReport {
        pairwise = List.copyOf(pairwise);
    }

    /** The console form. */
    public String text() {
        OlsFit fit = analysis.fit();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "OLS %s on %s (%d rows, %s runs)%n", fit.formula(), source, cells,
                fmt(fit.observations())));
        b.append(String.format(Locale.ROOT, "%-24s %14s %14s %10s %11s%n", "term", "coef", "std err", "t", "p"));
        for (Coefficient c : fit.coefficients()) {
            b.append(String.format(Locale.ROOT, "%-24s %14.6f %14.6f %10.3f %11.4g%n", c.name(), c.estimate(),
                    c.standardError(), c.t(), c.p()));
        }
        b.append(String.format(Locale.ROOT,
                "R^2 %.4f  adjusted R^2 %.4f  F(%d, %s) = %.2f  p = %.4g  residual SS %.1f%n",
                fit.rSquared(), fit.adjustedRSquared(), fit.modelDf(), fmt(fit.residualDf()), fit.fStatistic(),
                fit.fPValue(), fit.residualSumOfSquares()));
        b.append(String.format(Locale.ROOT, "%nType-II ANOVA%n%-24s %16s %6s %12s %11s %7s%n", "term", "sum_sq", "df",
                "F", "p", "share"));
        for (AnovaRow r : analysis.anova()) {
            b.append(String.format(Locale.ROOT, "%-24s %16.1f %6s %12s %11s %6.1f%%%n", r.term(), r.sumOfSquares(),
                    fmt(r.df()), Double.isNaN(r.f()) ? "" : String.format(Locale.ROOT, "%.4f", r.f()),
                    Double.isNaN(r.p()) ? "" : String.format(Locale.ROOT, "%.4g", r.p()),
                    100 * r.share(fit.totalSumOfSquares())));
        }
        if (!pairwise.isEmpty()) {
            b.append(String.format(Locale.ROOT, "%nPairwise Mann-Whitney U tests%n%-12s %10s %10s %6s %6s %12s %11s%n",
                    "factor", "level a", "level b", "n a", "n b", "U", "p"));
            for (PairwiseTest t : pairwise) {
                b.append(String.format(Locale.ROOT, "%-12s %10s %10s %6d %6d %12.1f %11.4g%n", t.factor(),
                        fmt(t.levelA()), fmt(t.levelB()), t.sizeA(), t.sizeB(), t.u(), t.p()));
            }
        }
        return b.toString();
    }

    /** The JSON form: one object with {@code formula}, {@code coefficients}, {@code fit}, {@code anova}, {@code pairwise}. */
    public String json() {
        OlsFit fit = analysis.fit();
        List<String> coefs = new ArrayList<>();
        for (Coefficient c : fit.coefficients()) {
            coefs.add("{\"term\":" + JsonText.string(c.name()) + ",\"coef\":" + JsonText.number(c.estimate())
                    + ",\"std_err\":" + JsonText.number(c.standardError()) + ",\"t\":" + JsonText.number(c.t())
                    + ",\"p\":" + JsonText.number(c.p()) + "}");
        }
        List<String> rows = new ArrayList<>();
        for (AnovaRow r : analysis.anova()) {
            rows.add("{\"term\":" + JsonText.string(r.term()) + ",\"sum_sq\":" + JsonText.number(r.sumOfSquares())
                    + ",\"df\":" + JsonText.number(r.df()) + ",\"F\":" + JsonText.number(r.f())
                    + ",\"p\":" + JsonText.number(r.p()) + "}");
        }
        List<String> tests = new ArrayList<>();
        for (PairwiseTest t : pairwise) {
            tests.add("{\"factor\":" + JsonText.string(t.factor()) + ",\"level_a\":" + JsonText.number(t.levelA())
                    + ",\"level_b\":" + JsonText.number(t.levelB()) + ",\"n_a\":" + t.sizeA() + ",\"n_b\":" + t.sizeB()
                    + ",\"U\":" + JsonText.number(t.u()) + ",\"p\":" + JsonText.number(t.p()) + "}");
        }
        return "{\"source\":" + JsonText.string(source) + ",\"formula\":" + JsonText.string(fit.formula().toString())
                + ",\"rows\":" + cells + ",\"observations\":" + JsonText.number(fit.observations())
                + ",\"coefficients\":[" + String.join(",", coefs) + "]"
                + ",\"fit\":{\"r_squared\":" + JsonText.number(fit.rSquared())
                + ",\"adjusted_r_squared\":" + JsonText.number(fit.adjustedRSquared())
                + ",\"f\":" + JsonText.number(fit.fStatistic()) + ",\"df_model\":" + fit.modelDf()
                + ",\"df_resid\":" + JsonText.number(fit.residualDf()) + ",\"f_p\":" + JsonText.number(fit.fPValue())
                + ",\"residual_ss\":" + JsonText.number(fit.residualSumOfSquares())
                + ",\"total_ss\":" + JsonText.number(fit.totalSumOfSquares()) + "}"
                + ",\"anova\":[" + String.join(",", rows) + "]"
                + ",\"pairwise\":[" + String.join(",", tests) + "]}";
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%g", d);
    }
}
