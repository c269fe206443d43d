package io.stepcast.analytic.megatron;

import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How the matrix-multiplication efficiency fitted on one GPU carries to another (hyper-parameter {@code carry} of the
 * Megatron predictors): {@code none} applies it to every GPU's datasheet peak as fitted; {@code mamf} scales it by the
 * share of its BF16 peak each GPU's matrix multiplications were measured to reach
 * ({@link DeviceSpec#achievableMatmulFraction()}, Stas Bekman's "maximum achievable matmul FLOPS", ml-engineering
 * {@code compute/accelerator/README.md}): {@code eff_target = eff_fitted x f_target / f_fitted}. The constants are fitted
 * as before (no scaling on the rows fitted on); the carry applies when predicting, and only when both shares are known:
 * a GPU without the figure, or constants fitted on rows of several GPUs of different (or unknown) shares, are costed
 * as fitted. The share is measured in BF16 only; FP16, TF32 and FP8 products are ASSUMED to reach the same share of
 * their own peak (the source's FP8 rows are not used).
 *
 * @param fittedFraction the share of the GPU the constants were fitted on, or empty when nothing is carried
 * @param fittedDevice   that GPU's catalog name ({@code ""} when nothing is carried)
 */
record MatmulCarry(OptionalDouble fittedFraction, String fittedDevice) {
    /** The GPU {@link Efficiency#VTRAIN_A100} was fitted on: vTrain's A100 SXM4. */
    static final String VTRAIN_DEVICE = "A100-SXM4-80GB";
    /** The values of hyper-parameter {@code carry}. */
    static final List<String> CHOICES = List.of("none", "mamf");
    /** The fitted efficiency on every GPU's datasheet peak, as fitted. */
    static final MatmulCarry NONE = new MatmulCarry(OptionalDouble.empty(), "");

    /**
     * The carry named {@code choice} ({@link #CHOICES}) of constants fitted on the rows of {@code devices}: their
     * common measured share, or {@link #NONE} when {@code choice} is {@code none}, a device has no share or two
     * differ.
     */
    static MatmulCarry fittedOn(String choice, Collection<DeviceSpec> devices) {
        if (choice.equals("none") || devices.isEmpty()) {
            return NONE;
        }
        DeviceSpec first = devices.iterator().next();
        OptionalDouble f = first.achievableMatmulFraction();
        for (DeviceSpec d : devices) {
            if (d.achievableMatmulFraction().isEmpty() || !d.achievableMatmulFraction().equals(f)) {
                return NONE;
            }
        }
        return new MatmulCarry(f, first.name());
    }

    /** The carry of {@link Efficiency#VTRAIN_A100}, fitted on {@link #VTRAIN_DEVICE} of {@code catalog}. */
    static MatmulCarry vtrain(String choice, HardwareCatalog catalog) {
        return fittedOn(choice, catalog.device(VTRAIN_DEVICE).map(List::of).orElse(List.of()));
    }

    /** Whether the efficiency is scaled by the GPUs' measured shares. */
    boolean scales() {
        return fittedFraction.isPresent();
    }

    /** The factor on {@code device}'s peak that the fitted efficiency divides: f_device / f_fitted, else 1. */
    double scale(DeviceSpec device) {
        if (fittedFraction.isEmpty() || device.achievableMatmulFraction().isEmpty()) {
            return 1;
        }
        return device.achievableMatmulFraction().getAsDouble() / fittedFraction.getAsDouble();
    }

    /** How plan-llm's efficiency line states the carry to {@code device}; empty when nothing is carried. */
    Optional<String> text(DeviceSpec device) {
        if (fittedFraction.isEmpty()) {
            return Optional.empty();
        }
        if (device.achievableMatmulFraction().isEmpty()) {
            return Optional.of("carry mamf: no measured matmul share for " + device.name() + ", applied as fitted");
        }
        return Optional.of(String.format(Locale.ROOT,
                "carry mamf: x %.3f, the measured BF16 matmul shares %.4f of %s over %.4f of %s", scale(device),
                device.achievableMatmulFraction().getAsDouble(), device.name(), fittedFraction.getAsDouble(),
                fittedDevice));
    }
}
