package io.stepcast.analytic.ols;

import io.stepcast.analytic.formula.Term;

import java.util.ArrayList;
import java.util.List;

/**
 * Type-II analysis of variance (Langsrud, "ANOVA for unbalanced data: Use Type II instead of Type III sums
 * of squares", Statistics and Computing 13, 2003; the {@code typ=2} table of statsmodels' {@code anova_lm}
 * and R's {@code car::Anova}). The sum of squares of a term is the drop in residual sum of squares when
 * the term is added to the model of every term that does not contain it (the principle of marginality):
 * {@code SS(A) = RSS(terms not containing A) - RSS(terms not containing A, plus A)}. F divides the mean
 * square by the full model's residual mean square. Factors are numeric covariates, as in Courier's analysis
 * ({@code cpu}, {@code batch}, {@code njobs} enter as numbers), so every term has one degree of freedom.
 */
public final class TypeTwoAnova {
    private TypeTwoAnova() {
    }

    /** The table for the fitted model: one row per term in formula order, then {@code Residual}. */
    public static List<AnovaRow> table(OlsFit full, Cells cells) {
        List<Term> terms = full.formula().terms();
        double mse = full.residualMeanSquare();
        List<AnovaRow> rows = new ArrayList<>();
        for (Term term : terms) {
            List<Term> reduced = terms.stream().filter(t -> !term.isContainedIn(t)).toList();
            List<Term> withTerm = new ArrayList<>(reduced);
            withTerm.add(term);
            double ss = CellRegression.residualSumOfSquares(reduced, cells)
                    - CellRegression.residualSumOfSquares(withTerm, cells);
            // Rounding can leave a tiny negative difference for a term that explains nothing.
            ss = Math.max(ss, 0);
            double f = ss / mse;
            rows.add(new AnovaRow(term.name(), ss, 1, f, Distributions.fUpperTail(f, 1, full.residualDf())));
        }
        rows.add(new AnovaRow("Residual", full.residualSumOfSquares(), full.residualDf(), Double.NaN, Double.NaN));
        return rows;
    }
}
