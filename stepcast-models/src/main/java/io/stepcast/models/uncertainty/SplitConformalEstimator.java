package io.stepcast.models.uncertainty;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Split-conformal prediction intervals around any estimator (Vovk, Gammerman, Shafer, <i>Algorithmic Learning
 * in a Random World</i>, Springer 2005, chapter 2 and section 4.1 on inductive conformal predictors; Lei,
 * G'Sell, Rinaldo, Tibshirani, Wasserman, "Distribution-Free Predictive Inference for Regression", JASA 113(523),
 * 2018, Algorithm 2 (split conformal) and section 5.2 (locally weighted, normalized residuals)).
 *
 * <p>The training side is split, deterministically by {@code conformal-seed}, into a proper training part and a
 * calibration part ({@code conformal-calibration} of the jobs; a job is a configuration up to its batch size, so
 * that calibration, like the batch-size decisions, meets configurations whose siblings it never saw). The base
 * estimator is fitted on the proper part; on every calibration point it scores the normalized residual
 * {@code |y - m(x)| / sigma(x)}. The interval at coverage {@code 1 - alpha} is {@code m(x) +- q sigma(x)}, with
 * {@code q} the {@code ceil((n + 1)(1 - alpha))}-th smallest of the {@code n} scores (Lei et al., Algorithm 2);
 * when {@code n} is too small for the level there is no interval. The scale {@code sigma(x)} is chosen by
 * {@code conformal-normalise}: {@code spread} divides by the half-width of the base model's own interval (the
 * spread of the simulation over its seeds, say), so intervals widen where the model is less sure;
 * {@code relative} divides by {@code |m(x)|}, so the interval is a share of the prediction (positive quantities
 * whose errors grow with their size: step times, throughputs); {@code none} gives constant width; {@code auto}
 * takes {@code spread} when every calibration prediction has an interval of positive width, else
 * {@code relative}.
 *
 * <p>{@code conformal-mondrian=model} (the default) makes the calibration Mondrian (Vovk, Gammerman, Shafer 2005,
 * section 4.5; label-conditional in their terms, here conditional on the configuration's model): the scores are
 * also kept per model, and a configuration whose model has enough calibration scores for the level gets that
 * model's quantile, which holds its coverage within the model rather than only on average over models of very
 * different predictability; a model with too few scores gets the pooled quantile. {@code none} pools every
 * score.
 *
 * <p>With {@code conformal-refit=true} (the default) the point prediction comes from the base fitted on the whole
 * training side, exactly as without the wrapper, and the interval is centred on it with the width calibrated on
 * the split fit. The finite-sample guarantee of split conformal holds for the split fit; the refit, trained on
 * more data, is usually no worse, and the coverage is measured on held-out points in every suite rather than
 * assumed. {@code conformal-refit=false} is textbook split conformal (one fit, on the proper part only).
 *
 * <p>A small training side leaves too few calibration points for a high level ({@code n} points give no interval
 * above {@code n / (n + 1)}). {@code conformal-folds=K} (K at least 2) then calibrates on every training point:
 * the jobs are dealt into K seeded folds, the base is fitted K times without one fold and scored on it, and the
 * pooled out-of-fold scores give the quantile (cross-conformal prediction, Vovk, "Cross-conformal predictors",
 * Annals of Mathematics and Artificial Intelligence 74, 2015; its guarantee is looser, at {@code 1 - 2 alpha} in
 * the worst case, which is one more reason the suites measure coverage). The scale {@code sigma(x)} then comes
 * from the point predictor. {@code auto} (the default) takes one split when it leaves at least
 * {@value #MIN_SPLIT_CALIBRATION} calibration points, else 5 folds (refit mode only).
 */
public final class SplitConformalEstimator implements Estimator {
    /** Prefix of the wrapper's own hyper-parameters; every other key goes to the base estimator. */
    public static final String PREFIX = "conformal-";
    private static final HyperParameters DEFAULTS = HyperParameters.of(
            PREFIX + "coverage", "0.9",
            PREFIX + "calibration", "0.25",
            PREFIX + "seed", "17",
            PREFIX + "refit", "true",
            PREFIX + "group", "job",
            PREFIX + "normalise", "auto",
            PREFIX + "mondrian", "model",
            PREFIX + "folds", "auto");
    /** Calibration points below which {@code conformal-folds=auto} calibrates by cross-conformal folds. */
    static final int MIN_SPLIT_CALIBRATION = 40;
    private static final int AUTO_FOLDS = 5;

    private final Estimator base;
    private final HyperParameters params;
    private final double coverage;
    private final double calibration;
    private final long seed;
    private final boolean refit;
    private final boolean byJob;
    private final Normalisation normalise;
    private final CalibrationScores.Mondrian mondrian;
    /** 1 for one calibration split, K for K cross-conformal folds, 0 for auto. */
    private final int folds;

    /** The base estimator with the wrapper's defaults (coverage 0.9, a quarter of the jobs calibrate). */
    public SplitConformalEstimator(Estimator base) {
        this(base, DEFAULTS);
    }

    private SplitConformalEstimator(Estimator base, HyperParameters params) {
        this.base = Objects.requireNonNull(base, "base estimator");
        this.params = params;
        this.coverage = params.real(PREFIX + "coverage");
        if (!(coverage > 0 && coverage < 1)) {
            throw new IllegalArgumentException("hyper-parameter '" + PREFIX + "coverage' must be in (0, 1), was "
                    + coverage);
        }
        this.calibration = params.real(PREFIX + "calibration");
        if (!(calibration > 0 && calibration < 1)) {
            throw new IllegalArgumentException("hyper-parameter '" + PREFIX + "calibration' must be in (0, 1), was "
                    + calibration);
        }
        this.seed = params.longValue(PREFIX + "seed");
        this.refit = params.flag(PREFIX + "refit");
        this.byJob = params.choice(PREFIX + "group", "job", "row").equals("job");
        this.normalise = Normalisation.valueOf(params.choice(PREFIX + "normalise", "auto", "spread", "relative", "none")
                .toUpperCase(Locale.ROOT));
        this.mondrian = CalibrationScores.Mondrian.valueOf(params.choice(PREFIX + "mondrian", "model", "none")
                .toUpperCase(Locale.ROOT));
        String f = params.text(PREFIX + "folds").trim();
        this.folds = f.equals("auto") ? 0 : params.integer(PREFIX + "folds");
        if (folds < 0 || folds > 50) {
            throw new IllegalArgumentException("hyper-parameter '" + PREFIX + "folds' must be auto or 1 to 50, was "
                    + f);
        }
    }

    /** A copy at another nominal coverage. */
    public SplitConformalEstimator withCoverage(double level) {
        return (SplitConformalEstimator) withHyperParameters(Map.of(PREFIX + "coverage", Double.toString(level)));
    }

    /** The wrapped estimator. */
    public Estimator base() {
        return base;
    }

    @Override
    public String name() {
        return base.name() + "-conformal";
    }

    @Override
    public String description() {
        return "split-conformal intervals (Vovk et al. 2005; Lei et al., JASA 2018) around " + base.name() + ": "
                + base.description();
    }

    @Override
    public Set<Target> targets() {
        return base.targets();
    }

    @Override
    public boolean readsParallelLayout() {
        return base.readsParallelLayout();
    }

    @Override
    public Map<String, String> hyperParameters() {
        Map<String, String> all = new LinkedHashMap<>(base.hyperParameters());
        all.putAll(params.values());
        return all;
    }

    @Override
    public Estimator withHyperParameters(Map<String, String> overrides) {
        Map<String, String> mine = new LinkedHashMap<>();
        Map<String, String> theirs = new LinkedHashMap<>();
        overrides.forEach((k, v) -> (k.startsWith(PREFIX) ? mine : theirs).put(k, v));
        Estimator b = theirs.isEmpty() ? base : base.withHyperParameters(theirs);
        return new SplitConformalEstimator(b, params.with(mine));
    }

    /**
     * Fits the point predictor and calibrates its intervals. When the training side is too small to split or
     * the base cannot be fitted on the proper part, the predictor answers the base's points without a
     * calibrated interval rather than failing.
     *
     * @throws CannotFitException when the base estimator cannot fit the whole training side (refit mode) or
     *                            the proper part (otherwise)
     */
    @Override
    public Predictor fit(TrainingSet training) {
        return fit(training, base::fit, base.targets());
    }

    /**
     * Fits and calibrates {@code targets} only: every fit of the base (the whole side, the proper part, the
     * folds) is {@link Estimator#fit(TrainingSet, Set)} on them, so an estimator with a model per target skips the
     * others, and only they are calibrated. What the predictor answers for one of {@code targets} is the same,
     * bit for bit, as the answer of {@link #fit(TrainingSet)} (each base fit answers them so, and a target's
     * calibration scores depend on that target's answers only).
     */
    @Override
    public Predictor fit(TrainingSet training, Set<Target> targets) {
        Set<Target> asked = EnumSet.noneOf(Target.class);
        base.targets().stream().filter(targets::contains).forEach(asked::add);
        return fit(training, t -> base.fit(t, targets), asked);
    }

    /**
     * @param fitter     fits the base on a training side
     * @param calibrated the targets whose intervals are calibrated
     */
    private Predictor fit(TrainingSet training, Function<TrainingSet, Predictor> fitter, Set<Target> calibrated) {
        // The full fit first: it is the point predictor in refit mode, and if it fails there is nothing to calibrate.
        Optional<Predictor> full = refit ? Optional.of(fitter.apply(training)) : Optional.empty();
        CalibrationSplit split = CalibrationSplit.of(training.observations(), calibration, seed, byJob);
        Provenance provenance = provenance(full.isPresent() ? full.get() : null, training);
        int k = folds == 0 ? (split.calibration().size() >= MIN_SPLIT_CALIBRATION || !refit ? 1 : AUTO_FOLDS) : folds;
        if (k >= 2 && refit) {
            return crossConformal(training, fitter, calibrated, full.get(), k, provenance);
        }
        Optional<Predictor> proper = Optional.empty();
        String why = "";
        if (split.calibration().isEmpty() || split.proper().isEmpty()) {
            why = "too few jobs to set " + calibration + " of them aside for calibration";
        } else {
            try {
                proper = Optional.of(fitter.apply(new TrainingSet(training.id() + "/conformal-proper", split.proper(),
                        training.profiles())));
            } catch (RuntimeException e) {
                if (!refit) {
                    throw e;
                }
                // The points stand without an interval: a base that fits the whole side but not a part of it.
                why = "cannot fit the proper part: " + e.getMessage();
            }
        }
        Predictor point = full.isPresent() ? full.get() : proper.isPresent() ? proper.get() : fitter.apply(training);
        Map<Target, CalibrationScores> scores = new EnumMap<>(Target.class);
        if (proper.isPresent()) {
            for (Target t : calibrated) {
                CalibrationScores.of(proper.get(), split.calibration(), t, normalise, mondrian)
                        .ifPresent(s -> scores.put(t, s));
            }
        }
        return new ConformalPredictor(point, proper, scores, coverage, provenance, why);
    }

    /**
     * The provenance of the point predictor (its estimator, so that a caller reporting which predictor decided
     * names the base), with the wrapper's hyper-parameters added.
     */
    private Provenance provenance(Predictor point, TrainingSet training) {
        Provenance of = point != null ? point.provenance() : Provenance.of(base, training, seed);
        Map<String, String> hp = new LinkedHashMap<>(of.hyperParameters());
        hp.putAll(params.values());
        return new Provenance(of.estimator(), hp, of.trainingSetId(), of.trainingChecksum(), of.trainingSize(),
                of.seed(), of.versions());
    }

    private Predictor crossConformal(TrainingSet training, Function<TrainingSet, Predictor> fitter,
                                     Set<Target> calibrated, Predictor point, int k, Provenance provenance) {
        List<List<Observation>> parts = CalibrationSplits.folds(training.observations(), k, seed, byJob);
        Map<Target, List<Map<String, double[]>>> pooled = new EnumMap<>(Target.class);
        Map<Target, Normalisation> modes = new EnumMap<>(Target.class);
        String why = "";
        for (int i = 0; i < parts.size(); i++) {
            List<Observation> rest = new ArrayList<>();
            for (int j = 0; j < parts.size(); j++) {
                if (j != i) {
                    rest.addAll(parts.get(j));
                }
            }
            if (rest.isEmpty() || parts.get(i).isEmpty()) {
                continue;
            }
            Predictor fold;
            try {
                fold = fitter.apply(new TrainingSet(training.id() + "/conformal-fold-" + i, rest, training.profiles()));
            } catch (RuntimeException e) {
                why = "cannot fit fold " + i + ": " + e.getMessage();
                continue;
            }
            for (Target t : calibrated) {
                CalibrationScores.of(fold, parts.get(i), t, normalise, mondrian).ifPresent(s -> {
                    // The normalisation auto resolves to may differ from fold to fold; only one kind pools.
                    Normalisation m = modes.computeIfAbsent(t, x -> s.normalisation());
                    if (m == s.normalisation()) {
                        pooled.computeIfAbsent(t, x -> new ArrayList<>()).add(s.mondrian()
                                == CalibrationScores.Mondrian.NONE ? Map.of("", s.scores()) : s.categories());
                    }
                });
            }
        }
        Map<Target, CalibrationScores> scores = new EnumMap<>(Target.class);
        pooled.forEach((t, list) -> scores.put(t, CalibrationScores.pool(modes.get(t), mondrian, list)));
        return new ConformalPredictor(point, Optional.empty(), scores, coverage, provenance, why);
    }

    /** How a residual is scaled before its quantile is taken. */
    enum Normalisation {
        /** The base's own interval where every calibration point has one, else {@link #RELATIVE}. */
        AUTO,
        /** Half-width of the base prediction's own interval. */
        SPREAD,
        /** Absolute value of the base prediction. */
        RELATIVE,
        /** No scaling: constant width. */
        NONE;

        /** The scale of one base prediction, or NaN when it cannot be scaled this way. */
        double sigma(Prediction.Value v) {
            return switch (this) {
                case SPREAD -> v.lower().isPresent() && v.upper().getAsDouble() > v.lower().getAsDouble()
                        && Double.isFinite(v.upper().getAsDouble() - v.lower().getAsDouble())
                        ? (v.upper().getAsDouble() - v.lower().getAsDouble()) / 2 : Double.NaN;
                case RELATIVE -> Math.abs(v.value()) > 0 ? Math.abs(v.value()) : Double.NaN;
                case NONE -> 1.0;
                case AUTO -> throw new IllegalStateException("AUTO is resolved at calibration");
            };
        }
    }

    /** The calibration points of a training side and the rest. */
    record CalibrationSplit(List<Observation> proper, List<Observation> calibration) {
        static CalibrationSplit of(List<Observation> all, double share, long seed, boolean byJob) {
            return CalibrationSplits.split(all, share, seed, byJob);
        }
    }
}
