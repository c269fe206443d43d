package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Precision;

import java.util.Locale;

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
        String machine = key.substring(key.indexOf('@') + 1);
        int precision = machine.indexOf('%');
        if (precision < 0) {
            return machine;
        }
        int split = machine.indexOf('#', precision);
        return machine.substring(0, precision) + (split < 0 ? "" : machine.substring(split));
    }
}
