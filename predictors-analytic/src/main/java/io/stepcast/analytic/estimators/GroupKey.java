package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Precision;
import io.stepcast.models.predictor.MeasuredPrecisions;

import java.util.Collection;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The key a closed-form model is fitted per: the model (canonical name, so {@code ResNet-50} and
 * {@code resnet50} agree) on one hardware type at one precision. A performance model's coefficients describe one
 * model on one machine; another GPU type is another fit, and so is another precision ({@link Config#precisionTag}:
 * a table's FP32 and mixed-precision rows of one model are two jobs, 2-3x apart in compute).
 */
public final class GroupKey {
    private GroupKey() {
    }

    /**
     * {@code <model key>@<hardware>}, e.g. {@code resnet50@k80}, with {@code %<precision>} after it for a precision
     * other than the default ({@code resnet50@dgx-a100-80gb%tf32}); blanks in the hardware label (a CPU model such
     * as {@code AMD EPYC 7B13}) become dashes, since keys are stored space-free in saved predictors.
     */
    public static String of(Config config) {
        return ModelNames.key(config.model()) + "@"
                + config.deployment().hardware().toLowerCase(Locale.ROOT).strip().replaceAll("\\s+", "-")
                + Precision.keySuffix(config.precisionTag());
    }

    /** The key with a suffix that further splits the group, e.g. the local batch. */
    public static String of(Config config, String suffix) {
        return of(config) + "#" + suffix;
    }

    /**
     * The machine part of a key made by {@link #of}: the hardware and any further split, without the job (the model
     * and its precision), e.g. {@code dgx-a100-80gb#allreduce} for {@code resnet50@dgx-a100-80gb%tf32#allreduce}.
     * The jobs of one machine share its links whatever their model and precision, so this is what a fit pooled over
     * jobs shares. Kept beside {@link #of} so that the format and its inverse change together.
     */
    public static String machineOf(String key) {
        return key.substring(key.indexOf('@') + 1).replace(Precision.keySuffix(precisionOf(key)), "");
    }

    /** The model on its hardware of a key made by {@link #of}, without precision or split: {@code resnet50@dgx-2}. */
    public static String modelOnMachineOf(String key) {
        int end = key.length();
        for (char c : new char[] {'%', '#'}) {
            int i = key.indexOf(c, key.indexOf('@') + 1);
            end = i < 0 ? end : Math.min(end, i);
        }
        return key.substring(0, end);
    }

    /** The precision tag of a key made by {@link #of} ({@link Config#precisionTag}; empty for the default). */
    public static String precisionOf(String key) {
        int at = key.indexOf('%', key.indexOf('@') + 1);
        if (at < 0) {
            return "";
        }
        int split = key.indexOf('#', at);
        return key.substring(at + 1, split < 0 ? key.length() : split);
    }

    /**
     * The precisions each model on its hardware ({@link #modelOnMachineOf}) was fitted at, over every further split,
     * from the keys of the fitted groups: what {@link #precisionMismatch} reads, derived once per fitted predictor
     * rather than on every prediction.
     */
    public static Map<String, Set<String>> precisionsByModelOnMachine(Collection<String> fittedKeys) {
        Map<String, Set<String>> out = new HashMap<>();
        fittedKeys.forEach(k -> out.computeIfAbsent(modelOnMachineOf(k), j -> new TreeSet<>()).add(precisionOf(k)));
        return Map.copyOf(out);
    }

    /**
     * Why the fitted groups cannot answer {@code config}'s precision ({@link MeasuredPrecisions}): the precisions
     * its model was fitted at on its hardware ({@link #precisionsByModelOnMachine}).
     */
    public static Optional<String> precisionMismatch(Config config, Map<String, Set<String>> precisions) {
        return MeasuredPrecisions.mismatch(config, precisions.getOrDefault(modelOnMachineOf(of(config)), Set.of()),
                config.model() + " on " + config.deployment().hardware());
    }
}
