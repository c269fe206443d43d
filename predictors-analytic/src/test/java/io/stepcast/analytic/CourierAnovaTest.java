package io.stepcast.analytic;

import io.stepcast.analytic.formula.Formula;
import io.stepcast.analytic.ols.AnovaRow;
import io.stepcast.analytic.ols.Cells;
import io.stepcast.analytic.ols.FactorialAnalysis;
import io.stepcast.analytic.ols.OlsFit;
import io.stepcast.analytic.table.CsvTable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * Reproduces the Courier authors' published OLS {@code time ~ cpu*batch*njobs} and Type-II ANOVA on the
 * 288 runs from the 48 real cells (mean, sd, 6 runs each): {@code courier/anova_time.csv}.
 */
class CourierAnovaTest {
    private static FactorialAnalysis analysis;
    private static CsvTable published;

    @BeforeAll
    static void fit() throws IOException {
        Cells cells = CourierCellsData.cells();
        analysis = FactorialAnalysis.of(Formula.parse("time ~ cpu*batch*njobs"), cells);
        published = CsvTable.read(CourierCellsData.dataDir().resolve("courier/anova_time.csv"));
    }

    @Test
    void coefficientsMatchThePublishedOnes() {
        OlsFit fit = analysis.fit();
        Map<String, Double> expected = Map.of("Intercept", 423.5587, "cpu", -11.3070, "batch", -0.7183,
                "cpu:batch", 0.013947, "njobs", -4.2566, "cpu:njobs", 12.6829, "batch:njobs", 0.030830,
                "cpu:batch:njobs", -0.026666);
        expected.forEach((name, value) ->
                assertThat(fit.coefficient(name).estimate()).as(name).isCloseTo(value, withinPercentage(0.01)));
        // The published table's six-digit coefficients too.
        for (int r = 0; r < published.size(); r++) {
            String term = published.text(r, "term");
            String coef = published.text(r, "coef");
            if (!coef.isEmpty()) {
                assertThat(fit.coefficient(term).estimate()).as(term)
                        .isCloseTo(Double.parseDouble(coef), within(1.5e-6 + 1e-6 * Math.abs(Double.parseDouble(coef))));
            }
        }
    }

    @Test
    void fitStatisticsMatch() {
        OlsFit fit = analysis.fit();
        assertThat(fit.observations()).isEqualTo(288);
        assertThat(fit.rSquared()).isCloseTo(0.708, within(0.0005));
        assertThat(fit.adjustedRSquared()).isCloseTo(0.701, within(0.0005));
        assertThat(fit.modelDf()).isEqualTo(7);
        assertThat(fit.residualDf()).isEqualTo(280);
        assertThat(fit.fStatistic()).isCloseTo(97.04, within(0.005));
        assertThat(fit.residualSumOfSquares()).isCloseTo(3.285e6, withinPercentage(0.02));
        assertThat(fit.residualSumOfSquares()).isCloseTo(3285316, within(1.0));
        assertThat(fit.fPValue()).isGreaterThan(0).isLessThan(1e-60);
    }

    @Test
    void typeTwoSumsOfSquaresMatchThePublishedTable() {
        for (int r = 0; r < published.size(); r++) {
            String term = published.text(r, "term");
            String ss = published.text(r, "sum_sq");
            if (ss.isEmpty()) {
                continue;
            }
            AnovaRow row = analysis.row(term);
            assertThat(row.sumOfSquares()).as("SS " + term).isCloseTo(Double.parseDouble(ss), withinPercentage(0.001));
            assertThat(row.df()).as("df " + term).isEqualTo(Double.parseDouble(published.text(r, "df")));
            if (!published.text(r, "F").isEmpty()) {
                assertThat(row.f()).as("F " + term).isCloseTo(Double.parseDouble(published.text(r, "F")), withinPercentage(0.001));
                assertThat(row.p()).as("p " + term).isCloseTo(Double.parseDouble(published.text(r, "p")), withinPercentage(0.01));
            }
        }
    }

    @Test
    void batchExplainsMostOfTheVariation() {
        double total = analysis.fit().totalSumOfSquares();
        // Courier reports that batch explains about 57% of the variation.
        assertThat(analysis.row("batch").share(total)).isCloseTo(0.57, within(0.01));
    }
}
