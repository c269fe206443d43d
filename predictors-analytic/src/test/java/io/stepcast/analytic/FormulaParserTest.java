package io.stepcast.analytic;

import io.stepcast.analytic.formula.Formula;
import io.stepcast.analytic.formula.Term;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FormulaParserTest {

    private static List<String> names(Formula f) {
        return f.terms().stream().map(Term::name).toList();
    }

    @Test
    void starExpandsToEveryInteractionInPatsyOrder() {
        Formula f = Formula.parse("time ~ cpu*batch*njobs");
        assertThat(f.response()).isEqualTo("time");
        assertThat(names(f)).containsExactly("cpu", "batch", "njobs", "cpu:batch", "cpu:njobs", "batch:njobs",
                "cpu:batch:njobs");
    }

    @Test
    void colonIsOneInteractionAndPlusAddsTerms() {
        assertThat(names(Formula.parse("y ~ a + b + a:b"))).containsExactly("a", "b", "a:b");
        assertThat(names(Formula.parse("y ~ a:b"))).containsExactly("a:b");
        assertThat(names(Formula.parse("y~a*b+c"))).containsExactly("a", "b", "c", "a:b");
        assertThat(names(Formula.parse("y ~ (a + b):c"))).containsExactly("a:c", "b:c");
        assertThat(names(Formula.parse("y ~ 1"))).isEmpty();
    }

    @Test
    void duplicatesCollapse() {
        assertThat(names(Formula.parse("y ~ a*b + b:a + a"))).containsExactly("a", "b", "a:b");
    }

    @Test
    void syntaxErrorsSayWhere() {
        assertThatThrownBy(() -> Formula.parse("y ~ a * ")).hasMessageContaining("factor name is missing");
        assertThatThrownBy(() -> Formula.parse("y ~ a ) b")).hasMessageContaining("unexpected ')'")
                .hasMessageContaining("position");
        assertThatThrownBy(() -> Formula.parse("a + b")).hasMessageContaining("'~'");
        assertThatThrownBy(() -> Formula.parse("y ~ (a + b")).hasMessageContaining("missing ')'");
        assertThat(names(Formula.parse("y ~ a:a"))).containsExactly("a");
    }

    @Test
    void containmentFollowsFactorsNotOrder() {
        assertThat(Term.of("cpu").isContainedIn(Term.of("batch", "cpu"))).isTrue();
        assertThat(Term.of("cpu", "batch").isContainedIn(Term.of("batch", "njobs"))).isFalse();
        assertThat(Formula.fullFactorial("t", List.of("a", "b")).toString()).isEqualTo("t ~ a + b + a:b");
    }
}
