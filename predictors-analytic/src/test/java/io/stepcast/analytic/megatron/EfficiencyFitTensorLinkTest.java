package io.stepcast.analytic.megatron;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The fit holds the tensor-link efficiency at 1 when every row's tensor-parallel time is measured, and fits it when
 * some is priced from the link figures; out of evaluations, it keeps the best point it tried. Synthetic rows: stage terms made up for the mechanics, timed by known
 * constants.
 */
class EfficiencyFitTensorLinkTest {
    private static final Efficiency TRUTH = new Efficiency(0.6, 0.5, 0.4, 2e-3, 1e-3, 3, 1e-3, 1e-3);

    private static List<EfficiencyFit.Row> rows(boolean measured) {
        List<EfficiencyFit.Row> rows = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            StageTerms s = new StageTerms(4 * i, 0.01 * i, 0.004 * (13 - i), 0.003 * (i % 4 + 1), measured, 1, i % 3);
            JobTerms t = new JobTerms(i % 5 + 1, i % 5 + 1, s, s, s, 0, 0, 0, 0.001, FsdpTerms.NONE,
                    MicroStepScatters.NONE);
            rows.add(new EfficiencyFit.Row(t, t.seconds(TRUTH, false)));
        }
        return rows;
    }

    @Test
    void aSearchOutOfEvaluationsKeepsTheBestPointItTried() {
        Efficiency start = new Efficiency(0.3, 0.3, 0.8, 1e-3, 2e-3, 2, 2e-3, 2e-3);
        List<EfficiencyFit.Row> rows = rows(false);
        // 60 evaluations cannot converge on eight constants: the fit still answers, and fits better than its start.
        Efficiency fitted = EfficiencyFit.fit(rows, false, start, 60).constants();
        assertThat(meanError(rows, fitted)).isLessThan(meanError(rows, start));
    }

    private static double meanError(List<EfficiencyFit.Row> rows, Efficiency e) {
        return rows.stream().mapToDouble(r -> Math.abs(r.terms().seconds(e, false) / r.seconds() - 1)).average()
                .orElseThrow();
    }

    @Test
    void measuredTensorTimeLeavesTheTensorLinkAtOne() {
        Efficiency fitted = EfficiencyFit.fit(rows(true), false, Efficiency.VTRAIN_A100).constants();
        assertThat(fitted.tensorLink()).isEqualTo(1.0);
    }

    @Test
    void tensorTimeFromTheLinkFiguresIsFitted() {
        // Started from the truth but for the tensor link, the search must move the tensor link back to it.
        Efficiency start = new Efficiency(0.6, 0.5, 0.8, 2e-3, 1e-3, 3, 1e-3, 1e-3);
        Efficiency fitted = EfficiencyFit.fit(rows(false), false, start).constants();
        assertThat(fitted.tensorLink()).isCloseTo(TRUTH.tensorLink(), within(0.05));
        Efficiency pinned = EfficiencyFit.fit(rows(true), false, start).constants();
        assertThat(pinned.tensorLink()).isEqualTo(1.0);
    }

    /**
     * Rows whose layers all run the fused softmax (no {@code unfusedLayers}) leave its constant flat: the search used
     * to drift along it until exp overflowed and the fit failed ("unfused softmax seconds must be non-negative, was
     * Infinity", fitting BERT rows of Lambda's PyTorch tables); now it stays at its start.
     */
    @Test
    void rowsWithoutAnUnfusedSoftmaxLeaveItsConstantWhereItStarts() {
        List<EfficiencyFit.Row> rows = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            StageTerms s = new StageTerms(4 * i, 0.01 * i, 0.004 * (13 - i), 0.003 * (i % 4 + 1), false, 1, 0);
            JobTerms t = new JobTerms(i % 5 + 1, i % 5 + 1, s, s, s, 0, 0, 0, 0.001, FsdpTerms.NONE,
                    MicroStepScatters.NONE);
            rows.add(new EfficiencyFit.Row(t, t.seconds(TRUTH, false)));
        }
        assertThat(rows).noneMatch(r -> r.terms().unfusedSoftmaxMatters());
        Efficiency start = new Efficiency(0.3, 0.3, 0.8, 1e-3, 2e-3, 2, 2e-3, 5e-3);
        Efficiency fitted = EfficiencyFit.fit(rows, false, start).constants();
        assertThat(fitted.unfusedSoftmaxS()).isEqualTo(5e-3);
        assertThat(meanError(rows, fitted)).isLessThan(meanError(rows, start));
    }
}
