package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;

import java.util.Collection;
import java.util.List;

/**
 * Why a closed form fitted per job ({@link GroupKey}: a model on one hardware at one precision, perhaps split further,
 * e.g. by architecture) has no fit for a configuration, in the words of the user's columns rather than the internal
 * keys ({@code ssd300v11@dgx-1-v100#allreduce}), and with what would give it one: rows of that model on that
 * hardware at several worker counts (a 1-GPU row alone does not show how the step grows). The usual cause is a model
 * measured on other hardware only, which these forms do not carry across, so the hardware it was fitted on is named;
 * other models' fits are only counted.
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
        String job = config.model() + " on " + config.deployment().hardware() + at(config.precisionTag())
                + (split.isEmpty() ? "" : " (" + split + ")");
        List<String> sameModel = fitted.stream().filter(k -> k.startsWith(model + "@")).map(UnfittedJob::where)
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
    private static String where(String key) {
        String split = key.contains("#") ? " (" + key.substring(key.indexOf('#') + 1) + ")" : "";
        return GroupKey.modelOnMachineOf(key).substring(key.indexOf('@') + 1) + at(GroupKey.precisionOf(key)) + split;
    }

    private static String at(String precisionTag) {
        return precisionTag.isEmpty() ? "" : " at " + precisionTag;
    }
}
