package io.stepcast.queueing.fit;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Precision;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;
import io.stepcast.models.compute.FixedPartTransfer;
import io.stepcast.models.compute.OneNodeSlope;
import io.stepcast.models.compute.ParameterPasses;
import io.stepcast.models.predictor.MeasuredPrecisions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The fitted state of a queueing predictor: its single-worker bases ({@link BasisLookup#candidates}), each
 * calibrated once when the estimator fits, and the rule that chooses a configuration's basis: the profile of its
 * model nearest in local batch, else the measured single-worker step of its model nearest in local batch, among
 * those measured on the configuration's hardware when there are any (ties: the smaller batch, then the first source
 * by name); a profile of another machine gives way to a single-worker row of the configuration's own. With it, per
 * model and machine, the compute slope the training's rows of one node show at two batches ({@link OneNodeSlope}),
 * for a basis whose single-worker steps show one batch only. Immutable.
 *
 * @param <S> the predictor's calibrated state
 */
public final class BasisTable<S> {
    private final List<CalibratedBasis<S>> entries;
    private final Map<String, Double> slopes;
    /** The calibrated bases of each model by its key, derived once: a prediction looks up its model's only. */
    private final Map<String, List<CalibratedBasis<S>>> entriesByModel;
    /** The same bases without their calibrations, for {@link #precisionMismatch}. */
    private final Map<String, List<SingleWorkerBasis>> basesByModel;

    /** A table of already calibrated bases (profiles first, as {@link BasisLookup#candidates} lists them). */
    public BasisTable(List<CalibratedBasis<S>> entries) {
        this(entries, Map.of());
    }

    /**
     * A table of calibrated bases with the compute slopes, seconds per sample, of the rows of one node, by
     * {@link #slopeKey}.
     */
    public BasisTable(List<CalibratedBasis<S>> entries, Map<String, Double> slopes) {
        this.entries = List.copyOf(entries);
        this.slopes = Map.copyOf(new TreeMap<>(slopes));
        Map<String, List<CalibratedBasis<S>>> byModel = new HashMap<>();
        this.entries.forEach(e -> byModel.computeIfAbsent(ModelNames.key(e.basis().model()), k -> new ArrayList<>())
                .add(e));
        this.entriesByModel = Map.copyOf(byModel);
        Map<String, List<SingleWorkerBasis>> bases = new HashMap<>();
        byModel.forEach((k, list) -> bases.put(k, list.stream().map(CalibratedBasis::basis).toList()));
        this.basesByModel = Map.copyOf(bases);
    }

    /** Calibrates every basis of {@code training} with {@code calibrator}. */
    public static <S> BasisTable<S> fit(TrainingSet training, String placement,
                                        Function<SingleWorkerBasis, Calibrated<S>> calibrator) {
        List<CalibratedBasis<S>> entries = new BasisLookup(training, placement).candidates().stream()
                .map(b -> new CalibratedBasis<>(b, calibrator.apply(b)))
                .toList();
        Map<String, List<Observation>> byKey = new TreeMap<>();
        for (Observation o : training.observations()) {
            if (o.config().deployment().tenants() == 1) {
                byKey.computeIfAbsent(slopeKey(o.config().model(), o.config().deployment().hardware(),
                        o.config().precisionTag()), k -> new ArrayList<>()).add(o);
            }
        }
        Map<String, Double> slopes = new TreeMap<>();
        byKey.forEach((key, rows) -> OneNodeSlope.of(rows).ifPresent(c -> {
            if (c > 0) {
                slopes.put(key, c);
            }
        }));
        return new BasisTable<>(entries, slopes);
    }

    /** The same slopes over other calibrated bases. */
    public BasisTable<S> withEntries(List<CalibratedBasis<S>> others) {
        return new BasisTable<>(others, slopes);
    }

    /** The compute slopes of the rows of one node, seconds per sample, by {@link #slopeKey}. */
    public Map<String, Double> slopes() {
        return slopes;
    }

    /**
     * The key of a model on a machine at a precision: the model's key and the lower-case hardware label, with
     * {@code %<precision>} after it for a precision other than the default ({@link Config#precisionTag}).
     */
    public static String slopeKey(String model, String hardware, String precision) {
        return ModelNames.key(model) + "@" + hardware.toLowerCase(Locale.ROOT) + Precision.keySuffix(precision);
    }

    /** The calibrated bases, profiles first. */
    public List<CalibratedBasis<S>> entries() {
        return entries;
    }

    /**
     * The basis of {@code config}, if its model has one: among the bases of its model, those of its precision when
     * there are any, and among them those of its hardware when there are any; a profile before a measured row, unless
     * only the row is of the configuration's precision.
     */
    public Optional<CalibratedBasis<S>> find(Config config) {
        List<CalibratedBasis<S>> ofModel = entriesByModel.getOrDefault(ModelNames.key(config.model()), List.of());
        int batch = config.localBatch();
        String hardware = config.deployment().hardware().toLowerCase(Locale.ROOT);
        String precision = config.precisionTag();
        Optional<CalibratedBasis<S>> profiled = preferred(ofModel.stream()
                .filter(e -> e.basis().profile().isPresent()).toList(), precision, hardware).stream()
                .min(Comparator.comparingInt(e -> Math.abs(e.basis().localBatch() - batch)));
        Optional<CalibratedBasis<S>> observed = preferred(ofModel.stream()
                .filter(e -> e.basis().profile().isEmpty()).toList(), precision, hardware).stream()
                .min(Comparator.<CalibratedBasis<S>>comparingInt(e -> Math.abs(e.basis().localBatch() - batch))
                        .thenComparingInt(e -> e.basis().localBatch())
                        .thenComparing(e -> e.basis().origin()));
        // A profile of another precision gives way to a row of this one (a row stating other gradient bytes than the
        // zoo's, FP16 beside FP32, has no zoo profile).
        boolean observedAtPrecision = observed.isPresent() && observed.get().basis().precision().equals(precision);
        if (profiled.isPresent() && profiled.get().basis().hardware().equals(hardware)
                && (profiled.get().basis().precision().equals(precision) || !observedAtPrecision)) {
            return profiled;
        }
        // A profile of another machine gives way to a row of this one (BasisLookup lists both only then).
        boolean observedHere = observed.isPresent() && observed.get().basis().hardware().equals(hardware);
        return profiled.isPresent() && !observedHere ? profiled : observed;
    }

    /**
     * Why the bases of {@code config}'s model cannot answer its precision ({@link MeasuredPrecisions}): the
     * precisions of its bases on its hardware, or of all its bases when none is of its hardware; empty when they
     * can, or when the model has no basis ({@link #find} then says so).
     */
    public Optional<String> precisionMismatch(Config config) {
        String hardware = config.deployment().hardware().toLowerCase(Locale.ROOT);
        List<SingleWorkerBasis> ofModel = basesByModel.getOrDefault(ModelNames.key(config.model()), List.of());
        List<SingleWorkerBasis> onHardware = ofModel.stream().filter(b -> b.hardware().equals(hardware)).toList();
        List<String> tags = (onHardware.isEmpty() ? ofModel : onHardware).stream()
                .map(SingleWorkerBasis::precision).distinct().toList();
        return MeasuredPrecisions.mismatch(config, tags, config.model() + " on "
                + (onHardware.isEmpty() ? "the machines of its single-worker rows" : config.deployment().hardware()));
    }

    /** The bases of precision {@code precision} measured on {@code hardware}, each filter kept only if any pass. */
    private static <S> List<CalibratedBasis<S>> preferred(List<CalibratedBasis<S>> bases, String precision,
                                                          String hardware) {
        return preferring(preferring(bases, b -> b.precision().equals(precision)), b -> b.hardware().equals(hardware));
    }

    /** The bases that pass {@code wanted} when there are any, else all of them. */
    private static <S> List<CalibratedBasis<S>> preferring(List<CalibratedBasis<S>> bases,
                                                           Predicate<SingleWorkerBasis> wanted) {
        List<CalibratedBasis<S>> same = bases.stream().filter(e -> wanted.test(e.basis())).toList();
        return same.isEmpty() ? bases : same;
    }

    /**
     * Compute at {@code batch} over compute at the batch of {@code basis}: affine in the batch where the table has
     * the single-worker steps of the basis's model on its machine at two or more batches ({@link BatchCompute}),
     * else with the slope its machine's one-node rows show, else through the basis's step with the fixed part the
     * model's steps on other machines show ({@link FixedPartTransfer}), else with the fixed part {@code passes} gives
     * its device, else proportional.
     */
    public double batchRatio(SingleWorkerBasis basis, int batch, ParameterPasses passes) {
        if (batch == basis.localBatch()) {
            return 1.0;
        }
        BatchCompute curve = BatchCompute.of(entries, basis);
        Double slope = slopes.get(slopeKey(basis.model(), basis.hardware(), basis.precision()));
        if (!curve.measured() && slope != null && basis.stepTimeS() - slope * basis.localBatch() >= 0) {
            curve = new BatchCompute(basis.stepTimeS() - slope * basis.localBatch(), slope, 1);
        } else if (!curve.measured()) {
            OptionalDouble carried = fixedParts(basis, passes).fixedSeconds(ModelNames.key(basis.model()),
                    basis.precision(), basis.hardware(), passes.memoryBytesPerS(basis.hardware()));
            OptionalDouble fixed = passes.fixedSeconds(basis.hardware(), basis.parameterBytes());
            if (carried.isPresent() && carried.getAsDouble() < basis.stepTimeS()) {
                // Measured elsewhere, so not capped as the parameter passes' lower bound is.
                curve = new BatchCompute(carried.getAsDouble(),
                        (basis.stepTimeS() - carried.getAsDouble()) / basis.localBatch(), 1);
            } else if (fixed.isPresent()) {
                curve = BatchCompute.throughOnePoint(basis.localBatch(), basis.stepTimeS(), fixed.getAsDouble());
            }
        }
        return curve.ratio(basis.localBatch(), batch);
    }

    /** The fixed parts the table's single-worker steps show, of bases placed as {@code basis} (a trace of a job none). */
    private FixedPartTransfer fixedParts(SingleWorkerBasis basis, ParameterPasses passes) {
        List<FixedPartTransfer.Point> points = entries.stream().map(CalibratedBasis::basis)
                .filter(b -> b.remotePs() == basis.remotePs()
                        && !(b.profile().isPresent() && b.profile().get().rank().worldSize() > 1))
                .map(b -> new FixedPartTransfer.Point(ModelNames.key(b.model()), b.precision(), b.hardware(),
                        b.localBatch(), b.stepTimeS()))
                .toList();
        return FixedPartTransfer.of(points, passes::memoryBytesPerS);
    }
}
