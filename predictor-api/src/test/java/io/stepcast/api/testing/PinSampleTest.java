package io.stepcast.api.testing;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PinSampleTest {
    /** A grid of four systems by three placements, each line "system workers nodes answer". */
    private static List<String> grid() {
        List<String> out = new ArrayList<>();
        for (String system : List.of("a", "b", "c", "d")) {
            for (String placement : List.of("1 1", "8 1", "16 2")) {
                String answer = system.equals("d") && placement.equals("16 2") ? "refused: no NIC" : "1.5";
                out.add(system + " " + placement + " " + answer);
            }
        }
        return out;
    }

    private static PinSample.Case caseOf(String line) {
        String[] c = line.split(" ", 4);
        return new PinSample.Case(c[0], List.of(c[0] + PinSample.outcome(List.of(c[3])),
                PinSample.placement(Integer.parseInt(c[1]), Integer.parseInt(c[2]))));
    }

    @Test
    void keepsOneCasePerCombinationWalkingThePositionsThenEveryKindNotYetShown() {
        List<String> kept = PinSample.of(grid(), PinSampleTest::caseOf);
        // a, b and c keep their first, second and third placement, d its first again; d's refusal is a kind of its own.
        assertThat(kept).containsExactly("a 1 1 1.5", "b 8 1 1.5", "c 16 2 1.5", "d 1 1 1.5", "d 16 2 refused: no NIC");
    }

    @Test
    void tellsAnswersAndPlacementsApart() {
        assertThat(PinSample.outcome(List.of("1.0E-5", "0.25", "refused: no NIC for x100")))
                .isEqualTo("N|N|refused: no NIC for xN");
        assertThat(List.of(PinSample.placement("[1]"), PinSample.placement("[8]"), PinSample.placement("[1, 1]"),
                PinSample.placement("[5, 5]"), PinSample.placement("[4, 3, 3]"), PinSample.placement("")))
                .containsExactly("one rank", "one node", "one GPU per node", "even nodes", "uneven nodes",
                        "no placement");
        assertThat(PinSample.placement(10, 3)).isEqualTo("uneven nodes");
    }
}
