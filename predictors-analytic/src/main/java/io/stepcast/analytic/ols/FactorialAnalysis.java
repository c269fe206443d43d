package io.stepcast.analytic.ols;

import io.stepcast.analytic.formula.Formula;

import java.util.List;

/**
 * A factorial analysis: the OLS fit of a formula on cells (or raw runs) and its Type-II ANOVA table.
 *
 * @param fit   the fitted model and its statistics
 * @param anova the Type-II table, terms then {@code Residual}
 */
public record FactorialAnalysis(OlsFit fit, List<AnovaRow> anova) {
    public FactorialAnalysis {
        anova = List.copyOf(anova);
    }

    /** Fits {@code formula} on {@code cells} and tabulates its Type-II ANOVA. */
    public static FactorialAnalysis of(Formula formula, Cells cells) {
        OlsFit fit = CellRegression.fit(formula, cells);
        return new FactorialAnalysis(fit, TypeTwoAnova.table(fit, cells));
    }

    /** The ANOVA row of a term (or {@code Residual}). */
    public AnovaRow row(String term) {
        return anova.stream().filter(r -> r.term().equals(term)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no ANOVA row '" + term + "'"));
    }
}
