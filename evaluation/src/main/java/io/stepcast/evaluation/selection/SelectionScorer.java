package io.stepcast.evaluation.selection;

import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.BatchSizeSelector;
import io.stepcast.api.selection.StatisticalEfficiency;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Judges batch-size decisions by the measurements: the selector chooses from predictions, and the
 * chosen batch's MEASURED latency decides whether the SLO held (docs/methods.md section 5). The oracle is the
 * SLO-feasible candidate with the best measured {@link Objective}; ties go to the smaller batch.
 */
public final class SelectionScorer {
    private final Objective objective;
    private final StatisticalEfficiency efficiency;

    /** @param objective what the oracle maximises among the measured-feasible candidates */
    public SelectionScorer(Objective objective) {
        this(objective, (c, b) -> 1.0);
    }

    /**
     * @param objective  what the oracle maximises among the measured-feasible candidates
     * @param efficiency the statistical efficiency of {@link Objective#GOODPUT}
     */
    public SelectionScorer(Objective objective, StatisticalEfficiency efficiency) {
        this.objective = objective;
        this.efficiency = efficiency;
    }

    /** Decides one case with {@code selector} and judges the decision. */
    public SelectionOutcome decide(BatchSizeSelector selector, SelectionCase c) {
        OptionalInt oracle = oracle(c);
        BatchDecision d;
        try {
            d = selector.select(c.config(), c.candidates(), OptionalDouble.of(c.sloS()));
        } catch (RuntimeException e) {
            return new SelectionOutcome(c, OptionalInt.empty(), false, oracle, OptionalDouble.empty(),
                    Optional.of(String.valueOf(e.getMessage())), Map.of());
        }
        int chosen = d.batch();
        boolean met = c.meets(chosen);
        OptionalDouble regret = OptionalDouble.empty();
        if (met && oracle.isPresent()) {
            OptionalDouble best = c.objective(oracle.getAsInt(), objective, efficiency);
            OptionalDouble got = c.objective(chosen, objective, efficiency);
            if (best.isPresent() && got.isPresent() && best.getAsDouble() > 0) {
                regret = OptionalDouble.of(Math.max(0, (best.getAsDouble() - got.getAsDouble()) / best.getAsDouble()));
            }
        }
        Map<Integer, Double> predicted = new TreeMap<>();
        d.candidates().forEach(e -> predicted.put(e.batch(), e.timeS()));
        return new SelectionOutcome(c, OptionalInt.of(chosen), met, oracle, regret, Optional.empty(), predicted);
    }

    /** Decides every case. */
    public List<SelectionOutcome> decideAll(BatchSizeSelector selector, Collection<SelectionCase> cases) {
        List<SelectionOutcome> out = new ArrayList<>(cases.size());
        cases.forEach(c -> out.add(decide(selector, c)));
        return out;
    }

    /**
     * The best measured-feasible batch, or empty when no candidate's measured latency meets the SLO.
     * Candidates without a measured objective (accuracy unknown) are not eligible.
     */
    public OptionalInt oracle(SelectionCase c) {
        int best = -1;
        double bestValue = Double.NEGATIVE_INFINITY;
        for (int b : c.candidates()) {
            OptionalDouble v = c.objective(b, objective, efficiency);
            if (c.meets(b) && v.isPresent() && v.getAsDouble() > bestValue) {
                best = b;
                bestValue = v.getAsDouble();
            }
        }
        return best < 0 ? OptionalInt.empty() : OptionalInt.of(best);
    }

    /** Aggregates outcomes into a score. */
    public static SelectionScore summarise(Collection<SelectionOutcome> outcomes) {
        List<SelectionOutcome> decided = outcomes.stream().filter(SelectionOutcome::decided).toList();
        int n = decided.size();
        long violations = decided.stream().filter(o -> !o.met()).count();
        long missed = decided.stream().filter(SelectionOutcome::feasibleMissed).count();
        double regret = decided.stream().filter(o -> o.regret().isPresent())
                .mapToDouble(o -> o.regret().getAsDouble()).average().orElse(Double.NaN);
        return new SelectionScore(n, outcomes.size() - n, n == 0 ? Double.NaN : (double) violations / n, regret,
                n == 0 ? Double.NaN : (double) missed / n);
    }
}
