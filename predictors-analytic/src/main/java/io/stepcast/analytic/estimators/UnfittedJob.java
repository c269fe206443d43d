package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.ParallelLayout;

import java.util.Collection;
import java.util.List;

/**
 * Why a closed form fitted per job ({@link GroupKey}: a model on one hardware at one precision, perhaps split further,
 * e.g. by architecture) has no fit for a configuration, in the words of the user's columns rather than the internal
 * keys ({@code ssd300v11@dgx-1-v100#allreduce}), and with what would give it one: rows of that model on that
 * hardware at several worker counts (a 1-GPU row alone does not show how the step grows). The usual cause is a model
 * measured on other hardware only, which these forms do not carry across, so the hardware it was fitted on is named;
 * other models' fits are only counted.
 *
 * <p>The default precision, mixed precision with FP16 products, has no tag in a key ({@link Config#precisionTag}),
 * so it is named in words wherever precision is in play: when the refused row states a precision, or when a fitted
 * key carries another one. Otherwise a mixed-precision row would read as a job of no precision beside its
 * {@code tf32} sibling. Where neither holds (files without the column), no precision is named, since the rows never
 * said one.
 */
final class UnfittedJob {
    private UnfittedJob() {
    }

    /**
     * @param estimator the estimator's name
     * @param config    the configuration refused
     * @param key       its group key ({@link GroupKey#of}, perhaps with a {@code #split})
     * @param fitted    the keys of the fitted groups
     */
    static String reason(String estimator, Config config, String key, Collection<String> fitted) {
        String model = ModelNames.key(config.model());
        String split = key.contains("#") ? key.substring(key.indexOf('#') + 1) : "";
        boolean named = config.statedPrecision().isPresent()
                || fitted.stream().anyMatch(k -> !GroupKey.precisionOf(k).isEmpty());
        String job = config.model() + " on " + config.deployment().hardware() + at(config.precisionTag(), named)
                + (split.isEmpty() ? "" : " (" + split + ")");
        List<String> sameModel = fitted.stream().filter(k -> k.startsWith(model + "@")).map(k -> where(k, named))
                .distinct().sorted().toList();
        long others = fitted.stream().filter(k -> !k.startsWith(model + "@")).count();
        String fits = sameModel.isEmpty()
                ? "no fit of " + config.model() + (others > 0 ? " (" + others + " fits of other models)" : "")
                : "fits of " + config.model() + " on " + String.join(", ", sameModel) + " only";
        return estimator + " has no fit of " + job + ": it fits a model on one hardware at one precision, from rows"
                + " of that hardware, and has " + fits + " (rows of " + job
                + " at several worker counts in the training data would give it one)";
    }

    /** The hardware, precision and split of a fitted key, in words: {@code dgx-a100-80gb at tf32 (allreduce)}. */
    private static String where(String key, boolean named) {
        String split = key.contains("#") ? " (" + key.substring(key.indexOf('#') + 1) + ")" : "";
        return GroupKey.modelOnMachineOf(key).substring(key.indexOf('@') + 1) + at(GroupKey.precisionOf(key), named)
                + split;
    }

    /** {@code " at <tag>"}; the default's empty tag is named only when {@code named} (see the type's comment). */
    private static String at(String precisionTag, boolean named) {
        String label = precisionTag.isEmpty() && named ? ParallelLayout.DEFAULT_PRECISION.label() : precisionTag;
        return label.isEmpty() ? "" : " at " + label;
    }
}
