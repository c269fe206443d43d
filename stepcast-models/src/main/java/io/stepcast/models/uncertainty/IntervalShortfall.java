package io.stepcast.models.uncertainty;

import io.stepcast.api.Predictor;
import io.stepcast.api.Target;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Why a predictor fitted by {@link SplitConformalEstimator} gives no interval at its own level for some targets: too
 * few calibration scores for that level ({@code n} scores bound no level above {@code n / (n + 1)}). The predictor
 * then answers the base's points alone, which a caller that asked for intervals (with {@code fit --coverage}) would
 * otherwise take for intervals of width zero, or miss without a word. Said in one line, with the count and what the
 * level needs, so that the remedy (more rows, or a lower level) follows from it.
 */
public final class IntervalShortfall {
    private IntervalShortfall() {
    }

    /**
     * The line for the {@code targets} (of those the predictor answers) that have too few scores, or empty when
     * every one has enough, when {@code predictor} is no split-conformal fit, or when it has no score at all and
     * already says why ({@link ConformalCodec#uncalibrated}).
     */
    public static Optional<String> of(Predictor predictor, Collection<Target> targets) {
        if (!(predictor instanceof ConformalPredictor c)) {
            return Optional.empty();
        }
        if (c.scores().isEmpty() && !c.uncalibrated().isEmpty()) {
            return Optional.empty();
        }
        int needed = CalibrationScores.needed(c.coverage());
        List<Target> shortOf = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (Target t : new TreeSet<>(targets)) {
            if (!c.targets().contains(t)) {
                continue;
            }
            CalibrationScores s = c.scores().get(t);
            int n = s == null ? 0 : s.size();
            if (s == null || s.quantile(c.coverage()).isEmpty()) {
                shortOf.add(t);
                counts.add(n);
            }
        }
        if (shortOf.isEmpty()) {
            return Optional.empty();
        }
        String names = shortOf.stream().map(Target::label).collect(Collectors.joining(", "));
        String scores = counts.stream().distinct().count() == 1
                ? counts.get(0) + " calibration score" + (counts.get(0) == 1 ? "" : "s")
                + (shortOf.size() > 1 ? " each" : "")
                : counts.stream().map(String::valueOf).collect(Collectors.joining(", ")) + " calibration scores";
        String level = BigDecimal.valueOf(c.coverage()).stripTrailingZeros().toPlainString();
        return Optional.of("no interval for " + names + ": " + scores + ", and an interval at " + level
                + " needs at least " + needed + " (more training rows, or a lower coverage)");
    }
}
