package io.stepcast.queueing.fit;

import io.stepcast.models.compute.ParameterPasses;
import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.TrainingSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The fitted state of a queueing predictor: its single-worker bases ({@link BasisLookup#candidates}), each
 * calibrated once when the estimator fits, and the rule that chooses a configuration's basis: the profile of its
 * model nearest in local batch, else the measured single-worker step of its model nearest in local batch, among
 * those measured on the configuration's hardware when there are any (ties: the smaller batch, then the first source
 * by name). Immutable.
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
        String hardware = config.deployment().hardware().toLowerCase(Locale.ROOT);
        Optional<CalibratedBasis<S>> profiled = onHardware(entries.stream()
                .filter(e -> e.basis().profile().isPresent() && ModelNames.key(e.basis().model()).equals(key))
                .toList(), hardware).stream()
                .min(Comparator.comparingInt(e -> Math.abs(e.basis().localBatch() - batch)));
        if (profiled.isPresent()) {
            return profiled;
        }
        return onHardware(entries.stream()
                .filter(e -> e.basis().profile().isEmpty() && ModelNames.key(e.basis().model()).equals(key))
                .toList(), hardware).stream()
                .min(Comparator.<CalibratedBasis<S>>comparingInt(e -> Math.abs(e.basis().localBatch() - batch))
                        .thenComparingInt(e -> e.basis().localBatch())
                        .thenComparing(e -> e.basis().origin()));
    }

    /** The bases measured on {@code hardware} when there are any, else all of them. */
    private static <S> List<CalibratedBasis<S>> onHardware(List<CalibratedBasis<S>> bases, String hardware) {
        List<CalibratedBasis<S>> same = bases.stream().filter(e -> e.basis().hardware().equals(hardware)).toList();
        return same.isEmpty() ? bases : same;
    }

    /**
     * Compute at {@code batch} over compute at the batch of {@code basis}: affine in the batch where the table has
     * the single-worker steps of the basis's model on its machine at two or more batches ({@link BatchCompute}),
     * else through the basis's step with the fixed part {@code passes} gives its device, else proportional.
     */
    public double batchRatio(SingleWorkerBasis basis, int batch, ParameterPasses passes) {
        if (batch == basis.localBatch()) {
            return 1.0;
        }
        BatchCompute curve = BatchCompute.of(entries, basis);
        if (!curve.measured()) {
            OptionalDouble fixed = passes.fixedSeconds(basis.hardware(), basis.parameterBytes());
            if (fixed.isPresent()) {
                curve = BatchCompute.throughOnePoint(basis.localBatch(), basis.stepTimeS(), fixed.getAsDouble());
            }
        }
        return curve.ratio(basis.localBatch(), batch);
    }
}
