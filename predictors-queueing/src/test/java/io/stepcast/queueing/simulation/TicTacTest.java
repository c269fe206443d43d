package io.stepcast.queueing.simulation;

import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A hand-built graph (synthetic): tensors A, B, C, D (profiled order); op1 needs {A} (5 s), op2 {B, C} (3 s),
 * op3 {A, B, C, D} (1 s), op4 {D} (2 s), each on a stream of its own; communication times A 4, B 1, C 2, D 3 s.
 */
class TicTacTest {
    private static CompiledProfile graph() {
        List<ParameterTensor> params = List.of(new ParameterTensor("A", 40), new ParameterTensor("B", 10),
                new ParameterTensor("C", 20), new ParameterTensor("D", 30));
        List<ComputeOp> ops = List.of(
                new ComputeOp("op1", "x", 0, 0, 5e6, Set.of("A")),
                new ComputeOp("op2", "x", 1, 0, 3e6, Set.of("B", "C")),
                new ComputeOp("op3", "x", 2, 0, 1e6, Set.of("A", "B", "C", "D")),
                new ComputeOp("op4", "x", 3, 0, 2e6, Set.of("D")));
        return CompiledProfile.of(new Profile("graph", 1, 11e6, params, List.of(), ops, List.of(), "synthetic:tictac"));
    }

    @Test
    void ticOrdersByAscendingMpWithUnitCosts() {
        // Mp with unit costs: op2 gives B and C 2, op3 gives A and D 4 (op1 and op4 have a single dependency).
        int[] order = TicTac.tic(graph());
        assertThat(order).containsExactly(1, 2, 0, 3); // B, C, A, D
    }

    @Test
    void tacFollowsThePairwiseRuleWithProfiledCosts() {
        // Round 1: P(A)=5, P(D)=2; A beats B (min(5,1)=1 vs min(0,4)=0), C and D (min(5,3)=3 vs min(2,4)=2).
        // Round 2: D beats B (min(0,3)=0 < min(2,1)=1). Round 3: B and C tie on both rules, B comes first.
        int[] order = TicTac.tac(graph(), new double[] {4, 1, 2, 3}, new double[] {5, 3, 1, 2});
        assertThat(order).containsExactly(0, 3, 1, 2); // A, D, B, C
    }

    @Test
    void mpIsInfiniteForAReceiveWithoutMultiDependencyOps() {
        CompiledProfile g = graph();
        boolean[] out = {true, false, false, true};
        double[] mp = TicTac.mp(g, new double[] {4, 1, 2, 3}, out);
        // Only op3 still has two outstanding receives (A and D): 4 + 3.
        assertThat(mp[0]).isEqualTo(7.0);
        assertThat(mp[3]).isEqualTo(7.0);
        assertThat(mp[1]).isInfinite();
    }

    @Test
    void anOpAlsoDependsOnWhatItsStreamPredecessorsDependOn() {
        // One stream: op1 {C}, op2 {A}, op3 {B}, each 1 s. Closed over the stream: op1 {C}, op2 {A, C},
        // op3 {A, B, C}. TIC, unit costs: Mp(A) = 2 (op2), Mp(C) = 2 (op2), Mp(B) = 3 (op3): A, C, B.
        List<ParameterTensor> params = List.of(new ParameterTensor("A", 1), new ParameterTensor("B", 1),
                new ParameterTensor("C", 1));
        List<ComputeOp> ops = List.of(
                new ComputeOp("op1", "x", 0, 0, 1e6, Set.of("C")),
                new ComputeOp("op2", "x", 0, 1, 1e6, Set.of("A")),
                new ComputeOp("op3", "x", 0, 2, 1e6, Set.of("B")));
        CompiledProfile chain = CompiledProfile.of(new Profile("chain", 1, 3e6, params, List.of(), ops, List.of(),
                "synthetic:stream"));
        assertThat(TicTac.tic(chain)).containsExactly(0, 2, 1);
        // TAC, unit costs: round 1 P(C) = 1 (op1 waits for C alone) beats A and B (P = 0): C first. Then op2
        // waits for A alone (P(A) = 1): A. Then B.
        assertThat(TicTac.tac(chain, new double[] {1, 1, 1}, new double[] {1, 1, 1})).containsExactly(2, 0, 1);
    }
}
