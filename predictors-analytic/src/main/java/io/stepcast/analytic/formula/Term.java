package io.stepcast.analytic.formula;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One term of a linear model: the product of one or more numeric factors ({@code cpu}, {@code cpu:batch}).
 * Factors keep the order in which the formula introduced them, so that names read as a statistician
 * writes them ({@code cpu:batch:njobs}).
 *
 * @param factors the factors multiplied together, at least one, no repeats
 */
public record Term(List<String> factors) {
    public Term {
        factors = List.copyOf(factors);
        if (factors.isEmpty()) {
            throw new IllegalArgumentException("a term needs at least one factor");
        }
        if (new TreeSet<>(factors).size() != factors.size()) {
            throw new IllegalArgumentException("term repeats a factor: " + String.join(":", factors));
        }
    }

    /** A term of the given factors. */
    public static Term of(String... factors) {
        return new Term(List.of(factors));
    }

    /** Name as in R and statsmodels: factors joined by {@code :}. */
    public String name() {
        return String.join(":", factors);
    }

    /** Number of factors (1 = main effect, 2 = two-way interaction, ...). */
    public int order() {
        return factors.size();
    }

    /** True when every factor of this term is a factor of {@code other} (a term contains itself). */
    public boolean isContainedIn(Term other) {
        return other.factorSet().containsAll(factors);
    }

    /** The factors as a set, for order-free comparison. */
    public Set<String> factorSet() {
        return new TreeSet<>(factors);
    }

    /** True when both terms multiply the same factors, whatever their order. */
    public boolean sameFactors(Term other) {
        return factorSet().equals(other.factorSet());
    }

    @Override
    public String toString() {
        return name();
    }
}
