package io.stepcast.queueing.fit;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.TrainingSet;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The fitted state of a queueing predictor: its single-worker bases ({@link BasisLookup#candidates}), each
 * calibrated once when the estimator fits, and the rule that chooses a configuration's basis: the profile of its
 * model nearest in local batch, else the measured single-worker step of its model nearest in local batch (ties:
 * the smaller batch, then the first source by name). Immutable.
 *
 * @param <S> the predictor's calibrated state
 */
public final class BasisTable<S> {
    private final List<CalibratedBasis<S>> entries;

    /** A table of already calibrated bases (profiles first, as {@link BasisLookup#candidates} lists them). */
    public BasisTable(List<CalibratedBasis<S>> entries) {
        this.entries = List.copyOf(entries);
    }

    /** Calibrates every basis of {@code training} with {@code calibrator}. */
    public static <S> BasisTable<S> fit(TrainingSet training, String placement,
                                        Function<SingleWorkerBasis, Calibrated<S>> calibrator) {
        return new BasisTable<>(new BasisLookup(training, placement).candidates().stream()
                .map(b -> new CalibratedBasis<>(b, calibrator.apply(b)))
                .toList());
    }

    /** The calibrated bases, profiles first. */
    public List<CalibratedBasis<S>> entries() {
        return entries;
    }

    /** The basis of {@code config}, if its model has one. */
    public Optional<CalibratedBasis<S>> find(Config config) {
        String key = ModelNames.key(config.model());
        int batch = config.localBatch();
        Optional<CalibratedBasis<S>> profiled = entries.stream()
                .filter(e -> e.basis().profile().isPresent() && ModelNames.key(e.basis().model()).equals(key))
                .min(Comparator.comparingInt(e -> Math.abs(e.basis().localBatch() - batch)));
        if (profiled.isPresent()) {
            return profiled;
        }
        return entries.stream()
                .filter(e -> e.basis().profile().isEmpty() && ModelNames.key(e.basis().model()).equals(key))
                .min(Comparator.<CalibratedBasis<S>>comparingInt(e -> Math.abs(e.basis().localBatch() - batch))
                        .thenComparingInt(e -> e.basis().localBatch())
                        .thenComparing(e -> e.basis().origin()));
    }
}
