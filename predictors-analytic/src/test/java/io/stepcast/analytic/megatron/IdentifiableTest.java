package io.stepcast.analytic.megatron;

import io.stepcast.models.compute.MeasurementNoise;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The fit moves only the constants its rows determine ({@link Identifiable}): a constant no row moves stays exactly
 * where it starts, well-determined ones are recovered from a start far from them, and of two constants the rows see
 * only in their sum one is held. Synthetic rows: stage terms made up for the mechanics, timed by known constants.
 */
class IdentifiableTest {
    private static final Efficiency TRUTH = new Efficiency(0.6, 0.5, 0.4, 2e-3, 1e-3, 3, 1e-3, 1e-3);
    private static final int FLOPS = 0;
    private static final int MEMORY = 1;
    private static final int TENSOR_LINK = 2;
    private static final int HOST = 3;
    private static final int END_HOST = 6;
    private static final int UNFUSED = 7;

    /** A row of one stage, repeated {@code slots} times, timed by {@link #TRUTH}. */
    private static EfficiencyFit.Row row(StageTerms s, int slots) {
        JobTerms t = new JobTerms(slots, slots, s, s, s, 0, 0, 0, 0, FsdpTerms.NONE, MicroStepScatters.NONE);
        return new EfficiencyFit.Row(t, t.seconds(TRUTH, false));
    }

    /**
     * Twelve rows whose device time mixes matrix and element-wise work in varying shares and whose host time is a few
     * percent of it, with no end stage, all tensor time measured and every softmax fused: nothing moves the end
     * host, tensor-link or unfused softmax constants.
     */
    private static List<EfficiencyFit.Row> deviceBound() {
        List<EfficiencyFit.Row> rows = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            rows.add(row(new StageTerms(4 + i % 3, 0.05 * i, 0.02 * (13 - i), 0.01, true, 0, 0), i % 4 + 1));
        }
        return rows;
    }

    @Test
    void constantsNoRowMovesStayExactlyWhereTheyStart() {
        Efficiency start = new Efficiency(0.3, 0.3, 0.8, 2e-3, 1e-3, 3, 7e-3, 5e-3);
        EfficiencyFit.Fitted fitted = EfficiencyFit.fit(deviceBound(), false, start);
        assertThat(fitted.free()[END_HOST]).isFalse();
        assertThat(fitted.free()[UNFUSED]).isFalse();
        assertThat(fitted.free()[TENSOR_LINK]).isFalse();
        assertThat(fitted.constants().endHostS()).isEqualTo(7e-3);
        assertThat(fitted.constants().unfusedSoftmaxS()).isEqualTo(5e-3);
        // No tensor-parallel time priced from the link figures: the link figures as they are.
        assertThat(fitted.constants().tensorLink()).isEqualTo(1.0);
        assertThat(fitted.held()).contains("end-host-s", "unfused-softmax-s", "tensor-link").doesNotContain("flops");
    }

    @Test
    void wellDeterminedConstantsAreRecoveredFromAFarStart() {
        Efficiency start = new Efficiency(0.3, 0.3, 0.8, 2e-3, 1e-3, 3, 7e-3, 5e-3);
        EfficiencyFit.Fitted fitted = EfficiencyFit.fit(deviceBound(), false, start);
        assertThat(fitted.free()[FLOPS]).isTrue();
        assertThat(fitted.free()[MEMORY]).isTrue();
        assertThat(fitted.constants().flops()).isCloseTo(TRUTH.flops(), within(0.005));
        assertThat(fitted.constants().memory()).isCloseTo(TRUTH.memory(), within(0.005));
    }

    @Test
    void ofTwoConstantsTheRowsSeeOnlyTogetherOneIsHeldAndTheOtherTakesTheirSum() {
        // Every layer runs the unfused softmax: the host time per layer and the unfused softmax's add alike in every
        // row, so the rows determine their sum only.
        List<EfficiencyFit.Row> rows = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            int layers = 2 + 3 * i;
            rows.add(row(new StageTerms(layers, 0.002 * i, 0.003 * (13 - i), 0.001, true, 0, layers), i % 3 + 1));
        }
        Efficiency start = new Efficiency(0.6, 0.5, 1, 4e-3, 1e-3, 3, 1e-3, 1e-3);
        EfficiencyFit.Fitted fitted = EfficiencyFit.fit(rows, false, start);
        assertThat(fitted.free()[HOST] ^ fitted.free()[UNFUSED]).as(fitted.held()).isTrue();
        Efficiency e = fitted.constants();
        assertThat(e.hostS() + e.unfusedSoftmaxS()).isCloseTo(TRUTH.hostS() + TRUTH.unfusedSoftmaxS(), within(1e-4));
    }

    @Test
    void whatIsLeftFreeClearsTheFloorAndHoldsTheSmallHostTerms() {
        // Rows whose host and device times are alike, layers, unfused layers and ends varying apart, device terms of
        // varying mix, tensor time from the link figures: the efficiencies and the host time per layer move them
        // enough; the end, unfused and per-iteration host terms and the overlap exponent, a few percent of the host
        // time, do not move them by the floor apart from the others.
        List<EfficiencyFit.Row> rows = new ArrayList<>();
        for (int i = 1; i <= 16; i++) {
            StageTerms s = new StageTerms(2 + i % 7, 0.0008 * i, 0.0006 * (17 - i), 0.002 * (i % 4 + 1), false,
                    i % 2, i % 3);
            JobTerms t = new JobTerms(i % 5 + 1, i % 5 + 1, s, s, s, 0, 0, 0, 0, FsdpTerms.NONE,
                    MicroStepScatters.NONE);
            rows.add(new EfficiencyFit.Row(t, t.seconds(TRUTH, false)));
        }
        boolean[] free = Identifiable.free(rows, false, TRUTH);
        assertThat(Identifiable.weakest(rows, false, TRUTH, free)).isGreaterThanOrEqualTo(Identifiable.floor(16));
        assertThat(free).containsExactly(true, true, true, true, false, false, false, false);
    }

    @Test
    void theFloorIsTheNoiseOfTheRowsOverTheirNumber() {
        // 95% of 1.6% noise, 1.96 x ln 1.016, over sqrt(8): a unit move of the logs must move 8 rows by 1.1%.
        assertThat(Identifiable.floor(8)).isCloseTo(1.9598 * Math.log1p(MeasurementNoise.RELATIVE) / Math.sqrt(8),
                within(1e-5));
        assertThat(Identifiable.floor(8)).isCloseTo(0.0110, within(5e-4));
        assertThat(Identifiable.floor(1440)).isLessThan(Identifiable.floor(8) / 13);
    }
}
