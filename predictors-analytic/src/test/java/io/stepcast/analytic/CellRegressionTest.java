package io.stepcast.analytic;

import io.stepcast.analytic.formula.Formula;
import io.stepcast.analytic.ols.AnovaRow;
import io.stepcast.analytic.ols.Cells;
import io.stepcast.analytic.ols.FactorialAnalysis;
import io.stepcast.analytic.ols.OlsFit;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The aggregated-cell fit equals the raw-run fit, on SYNTHETIC runs expanded from cells. */
class CellRegressionTest {
    private static final Formula FULL = Formula.parse("time ~ cpu*batch*njobs");

    private static void assertSameAnalysis(FactorialAnalysis cells, FactorialAnalysis raw) {
        OlsFit a = cells.fit();
        OlsFit b = raw.fit();
        assertThat(a.observations()).isEqualTo(b.observations());
        for (int j = 0; j < a.coefficients().size(); j++) {
            var ca = a.coefficients().get(j);
            var cb = b.coefficients().get(j);
            assertThat(ca.estimate()).as(ca.name()).isCloseTo(cb.estimate(), within(1e-9 * (1 + Math.abs(cb.estimate()))));
            assertThat(ca.standardError()).as(ca.name()).isCloseTo(cb.standardError(), within(1e-9 * cb.standardError()));
        }
        assertThat(a.residualSumOfSquares()).isCloseTo(b.residualSumOfSquares(), within(1e-7 * b.residualSumOfSquares()));
        assertThat(a.rSquared()).isCloseTo(b.rSquared(), within(1e-12));
        assertThat(a.fStatistic()).isCloseTo(b.fStatistic(), within(1e-9 * b.fStatistic()));
        for (AnovaRow r : cells.anova()) {
            assertThat(r.sumOfSquares()).as(r.term()).isCloseTo(raw.row(r.term()).sumOfSquares(),
                    within(1e-6 * (1 + r.sumOfSquares())));
        }
    }

    @Test
    void cellsOfTheRealDesignReproduceTheRawFitOfSyntheticRuns() throws IOException {
        Cells cells = CourierCellsData.cells();
        Cells raw = SyntheticRuns.expand(cells);
        assertThat(raw.size()).isEqualTo(288);
        assertSameAnalysis(FactorialAnalysis.of(FULL, cells), FactorialAnalysis.of(FULL, raw));
    }

    @Test
    void unbalancedCellsStillReproduceTheRawFit() throws IOException {
        Cells real = CourierCellsData.cells();
        double[] runs = new double[real.size()];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = 1 + (i * 7) % 5;
        }
        Cells unbalanced = new Cells(real.factors(), real.mean(), real.sd(), runs);
        assertSameAnalysis(FactorialAnalysis.of(FULL, unbalanced), FactorialAnalysis.of(FULL, SyntheticRuns.expand(unbalanced)));
    }

    @Test
    void ignoringTheWithinCellVarianceWouldGiveADifferentResidual() throws IOException {
        Cells real = CourierCellsData.cells();
        Cells meansOnly = new Cells(real.factors(), real.mean(), new double[real.size()], real.runs());
        OlsFit a = FactorialAnalysis.of(FULL, real).fit();
        OlsFit b = FactorialAnalysis.of(FULL, meansOnly).fit();
        assertThat(b.estimates()).containsExactly(a.estimates(), within(1e-9));
        assertThat(a.residualSumOfSquares() - b.residualSumOfSquares()).isCloseTo(real.withinSumOfSquares(), within(1e-3));
        assertThat(b.rSquared()).isGreaterThan(a.rSquared());
    }

    @Test
    void exactLineHasZeroResidualAndUnitRSquared() {
        Map<String, double[]> f = new LinkedHashMap<>();
        f.put("x", new double[] {1, 2, 3, 4, 5});
        Cells c = Cells.raw(f, new double[] {3, 5, 7, 9, 11.000001});
        OlsFit fit = FactorialAnalysis.of(Formula.parse("y ~ x"), c).fit();
        assertThat(fit.coefficient("x").estimate()).isCloseTo(2, within(1e-5));
        assertThat(fit.coefficient("Intercept").estimate()).isCloseTo(1, within(1e-5));
        assertThat(fit.rSquared()).isCloseTo(1, within(1e-9));
    }

    @Test
    void collinearOrMissingTermsAreRefusedByName() {
        Map<String, double[]> f = new LinkedHashMap<>();
        f.put("a", new double[] {1, 2, 3, 4});
        f.put("b", new double[] {2, 4, 6, 8});
        Cells c = Cells.raw(f, new double[] {1, 2, 2, 3});
        assertThatThrownBy(() -> FactorialAnalysis.of(Formula.parse("y ~ a + b"), c)).hasMessageContaining("'b'");
        assertThatThrownBy(() -> FactorialAnalysis.of(Formula.parse("y ~ a + z"), c)).hasMessageContaining("'z'");
        assertThatThrownBy(() -> FactorialAnalysis.of(Formula.parse("y ~ a*b"), Cells.raw(Map.of("a", new double[] {1, 2}, "b", new double[] {3, 1}), new double[] {1, 2})))
                .hasMessageContaining("cannot estimate");
    }
}
