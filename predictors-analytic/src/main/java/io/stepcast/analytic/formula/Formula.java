package io.stepcast.analytic.formula;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A linear model formula: a response and the terms of its right-hand side, always with an intercept.
 * Terms are ordered as statsmodels/patsy orders them: by order (main effects, then two-way interactions,
 * ...), and within an order by first appearance, so {@code cpu*batch*njobs} gives
 * {@code cpu, batch, njobs, cpu:batch, ...}. (Published tables may list them in another order; compare
 * by name.)
 *
 * @param response the response column
 * @param terms    the terms, without the intercept, each once
 */
public record Formula(String response, List<Term> terms) {
    public Formula {
        if (response == null || response.isBlank()) {
            throw new IllegalArgumentException("formula needs a response");
        }
        terms = List.copyOf(terms);
        for (int i = 0; i < terms.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (terms.get(i).sameFactors(terms.get(j))) {
                    throw new IllegalArgumentException("formula repeats term " + terms.get(i).name());
                }
            }
        }
    }

    /** Parses {@code response ~ rhs} with {@link FormulaParser}. */
    public static Formula parse(String text) {
        return FormulaParser.parse(text);
    }

    /** The full factorial formula of the given factors: every main effect and every interaction. */
    public static Formula fullFactorial(String response, List<String> factors) {
        return parse(response + " ~ " + String.join("*", factors));
    }

    /** Every factor that appears in a term, in order of first appearance. */
    public List<String> factors() {
        Set<String> out = new LinkedHashSet<>();
        terms.forEach(t -> out.addAll(t.factors()));
        return new ArrayList<>(out);
    }

    /** The same response with only the given terms (order kept as given). */
    public Formula withTerms(List<Term> newTerms) {
        return new Formula(response, newTerms);
    }

    /** The formula as text, {@code response ~ a + b + a:b}. */
    @Override
    public String toString() {
        return response + " ~ " + (terms.isEmpty() ? "1" : String.join(" + ", terms.stream().map(Term::name).toList()));
    }
}
