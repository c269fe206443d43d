package io.stepcast.analytic.megatron;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The 1F1B schedule and its discrete-event simulation on synthetic stage times (no measurement). */
class PipelineSimulationTest {

    private static PipelineSimulation.Spec uniform(int p, int m, double f, double b) {
        double[] fw = new double[p];
        double[] bw = new double[p];
        Arrays.fill(fw, f);
        Arrays.fill(bw, b);
        return new PipelineSimulation.Spec(fw, bw, new double[p - 1], new double[p], 0, new double[p], m, false);
    }

    @ParameterizedTest
    @CsvSource({"1,1", "1,8", "2,1", "2,3", "4,4", "4,16", "8,2", "8,7", "8,64", "16,5"})
    void uniformStagesHaveExactlyTheBubbleOfNarayananEtAl(int p, int m) {
        // Synthetic: forward 1 s, backward 2 s on every stage, free messages.
        PipelineSimulation.Result r = PipelineSimulation.run(uniform(p, m, 1, 2));
        double ideal = m * 3.0;
        double bubble = r.pipelineS() - ideal;
        // Narayanan et al., SC'21, section 2.2.1: the bubble is (p - 1) / m of the ideal time.
        assertThat(bubble).isEqualTo(3.0 * (p - 1));
        assertThat(bubble / ideal).isCloseTo((double) (p - 1) / m, within(1e-15));
        assertThat(r.iterationS()).isEqualTo(r.pipelineS());
    }

    @Test
    void aTwoStageScheduleCheckedByHand() {
        // Synthetic: p = 2, m = 3, forward 1 s, backward 2 s, each message 0.5 s (the sender waits for it),
        // data-parallel all-reduces 1 s, embedding all-reduce 0.25 s, optimizer steps 0.5 s and 0.25 s.
        // Stage 0 runs F0 F1 B0 F2 B1 B2, stage 1 F0 B0 F1 B1 F2 B2:
        //   S0 F0 0-1 (send to 1.5), F1 1.5-2.5 (send to 3), waits for gradient 0;
        //   S1 F0 1.5-2.5, B0 2.5-4.5 (send to 5), F1 5-6, B1 6-8 (send to 8.5);
        //   S0 B0 5-7, F2 7-8 (send to 8.5); S1 F2 8.5-9.5, B2 9.5-11.5 (send to 12): flush 12;
        //   S0 B1 8.5-10.5, B2 12-14: flush 14; all-reduces end at 15 and 13; embedding 15-15.25;
        //   optimizer 15.25-15.75.
        PipelineSimulation.Spec spec = new PipelineSimulation.Spec(new double[] {1, 1}, new double[] {2, 2},
                new double[] {0.5}, new double[] {1, 1}, 0.25, new double[] {0.5, 0.25}, 3, false);
        PipelineSimulation.Result r = PipelineSimulation.run(spec);
        assertThat(r.flushS()).containsExactly(14, 12);
        assertThat(r.iterationS()).isEqualTo(15.75);
        // Overlapped, stage 0's 1 s all-reduce hides behind its 2 s last backward pass, stage 1's too.
        PipelineSimulation.Spec overlapped = new PipelineSimulation.Spec(spec.forwardS(), spec.backwardS(),
                spec.sendS(), spec.dataS(), 0.25, spec.optimizerS(), 3, true);
        assertThat(PipelineSimulation.run(overlapped).iterationS()).isEqualTo(14.75);
    }

    @Test
    void theSlowestStageSetsTheSteadyState() {
        // Synthetic: the middle stage of three takes twice as long; m = 4, free messages.
        PipelineSimulation.Spec spec = new PipelineSimulation.Spec(new double[] {1, 2, 1}, new double[] {2, 4, 2},
                new double[2], new double[3], 0, new double[3], 4, false);
        double t = PipelineSimulation.run(spec).pipelineS();
        // Not faster than the slow stage's own 4 x 6 s plus the others' first forward and last backward.
        assertThat(t).isGreaterThanOrEqualTo(4 * 6 + 1 + 2);
        // Not slower than the closed form's (m + p - 1) slots of the slowest stage.
        assertThat(t).isLessThanOrEqualTo((4 + 3 - 1) * 6);
    }

    @Test
    void eachStageRunsWarmupSteadyAndCooldown() {
        List<OneFOneB.Pass> first = OneFOneB.order(0, 4, 6);
        assertThat(first).hasSize(12);
        assertThat(first.subList(0, 4)).extracting(OneFOneB.Pass::forward).containsExactly(true, true, true, true);
        assertThat(first.get(4)).isEqualTo(new OneFOneB.Pass(false, 0));
        assertThat(first.get(5)).isEqualTo(new OneFOneB.Pass(true, 4));
        assertThat(first.subList(9, 12)).containsExactly(new OneFOneB.Pass(false, 3), new OneFOneB.Pass(false, 4),
                new OneFOneB.Pass(false, 5));
        assertThat(OneFOneB.order(3, 4, 6).subList(0, 2))
                .containsExactly(new OneFOneB.Pass(true, 0), new OneFOneB.Pass(false, 0));
        // Fewer micro-batches than stages: all forwards first.
        assertThat(OneFOneB.order(0, 4, 2)).containsExactly(new OneFOneB.Pass(true, 0), new OneFOneB.Pass(true, 1),
                new OneFOneB.Pass(false, 0), new OneFOneB.Pass(false, 1));
    }

    @Test
    void theInterleavedOrderIsMegatronsWithMicroBatchGroupsOfP() {
        // p = 2, v = 2, m = 4: stage 0 warms up with 2 (p - 1) + (v - 1) p = 4 forward passes, groups of p = 2
        // micro-batches through chunk 0, then chunk 1 (forward_backward_pipelining_with_interleaving).
        List<OneFOneB.Pass> first = OneFOneB.interleaved(0, 2, 2, 4);
        assertThat(first).containsExactly(
                new OneFOneB.Pass(true, 0, 0), new OneFOneB.Pass(true, 1, 0),
                new OneFOneB.Pass(true, 0, 1), new OneFOneB.Pass(true, 1, 1),
                new OneFOneB.Pass(true, 2, 0), new OneFOneB.Pass(false, 0, 1),
                new OneFOneB.Pass(true, 3, 0), new OneFOneB.Pass(false, 1, 1),
                new OneFOneB.Pass(true, 2, 1), new OneFOneB.Pass(false, 0, 0),
                new OneFOneB.Pass(true, 3, 1), new OneFOneB.Pass(false, 1, 0),
                new OneFOneB.Pass(false, 2, 1), new OneFOneB.Pass(false, 3, 1),
                new OneFOneB.Pass(false, 2, 0), new OneFOneB.Pass(false, 3, 0));
        // The last stage warms up with (v - 1) p = 2 only.
        assertThat(OneFOneB.interleaved(1, 2, 2, 4).subList(0, 4)).containsExactly(
                new OneFOneB.Pass(true, 0, 0), new OneFOneB.Pass(true, 1, 0),
                new OneFOneB.Pass(true, 0, 1), new OneFOneB.Pass(false, 0, 1));
        // One chunk: the non-interleaved order.
        assertThat(OneFOneB.interleaved(1, 4, 1, 6)).isEqualTo(OneFOneB.order(1, 4, 6));
    }

    @ParameterizedTest
    @CsvSource({"2,2,4", "4,2,8", "4,4,8", "8,8,64", "8,5,16", "4,3,4"})
    void uniformChunksHaveTheBubbleDividedByTheVirtualStages(int p, int v, int m) {
        // Synthetic: every chunk forward 1 s, backward 2 s, free messages; a stage's micro-batch is v chunks, 3 v s.
        double[] fw = new double[p * v];
        double[] bw = new double[p * v];
        Arrays.fill(fw, 1);
        Arrays.fill(bw, 2);
        PipelineSimulation.Result r = PipelineSimulation.run(new PipelineSimulation.Spec(fw, bw,
                new double[p * v - 1], new double[p], 0, new double[p], m, false, v));
        double stage = 3.0 * v;
        // Narayanan et al., SC'21, section 2.2.2: the bubble is (p - 1) / v of a stage's micro-batch time.
        assertThat(r.pipelineS() - m * stage).isCloseTo((p - 1) * stage / v, within(1e-9));
    }

    @Test
    void lighterEndChunksDoNotSlowTheInterleavedPipeline() {
        // Synthetic: p = 4, v = 2, m = 8; the first and last chunk hold one layer of two (Megatron-LM's split with the
        // embedding and the loss counted as layers), every other chunk 1 s forward and 2 s backward.
        double[] fw = new double[8];
        double[] bw = new double[8];
        Arrays.fill(fw, 1);
        Arrays.fill(bw, 2);
        double even = PipelineSimulation.run(new PipelineSimulation.Spec(fw.clone(), bw.clone(), new double[7],
                new double[4], 0, new double[4], 8, false, 2)).pipelineS();
        fw[0] = fw[7] = 0.5;
        bw[0] = bw[7] = 1;
        double counted = PipelineSimulation.run(new PipelineSimulation.Spec(fw, bw, new double[7], new double[4], 0,
                new double[4], 8, false, 2)).pipelineS();
        // Not slower than the even split, and not faster than the busiest (middle) stage's own 8 x 6 s.
        assertThat(counted).isLessThanOrEqualTo(even).isGreaterThanOrEqualTo(8 * 6.0);
    }
}
