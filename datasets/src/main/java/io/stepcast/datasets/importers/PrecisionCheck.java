package io.stepcast.datasets.importers;

import io.stepcast.api.Config;
import io.stepcast.api.Precision;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Warns when a row states a precision its GPU has no catalogued figure for (TF32 or BF16 on a V100, FP8 on an A100):
 * where the GPU has no such units, the row's precision or hardware is mistyped, and the predictors that group or
 * cost rows by precision would read it as another job. Only rows whose hardware resolves to a catalogued
 * device with at least one figure are checked. The rows are kept; one warning per precision and hardware names the
 * first row.
 */
final class PrecisionCheck {
    private final HardwareCatalog catalog;
    /** The first line of each precision and hardware label without a figure, in file order. */
    private final Map<String, String> first = new LinkedHashMap<>();

    /** A check against {@code catalog}'s figures. */
    PrecisionCheck(HardwareCatalog catalog) {
        this.catalog = catalog;
    }

    /** Checks the row on {@code line}; one without a precision or a catalogued device passes. */
    void row(long line, Config config) {
        Optional<Precision> stated = config.statedPrecision();
        String label = config.deployment().hardware();
        if (stated.isEmpty() || label == null || label.isBlank()) {
            return;
        }
        Optional<DeviceSpec> device;
        try {
            device = catalog.device(label);
        } catch (IllegalArgumentException e) {
            // A label the catalog cannot read is reported elsewhere.
            return;
        }
        if (device.isEmpty() || device.get().fastestPrecision().isEmpty()
                || device.get().peakFlops(stated.get()).isPresent()) {
            return;
        }
        first.putIfAbsent(stated.get().label() + "@" + label, "line " + line + ": precision " + stated.get().label()
                + " on " + label + ", whose " + device.get().name() + " has no " + stated.get().label()
                + " figure in the catalog (it states " + figures(device.get()) + "); if the GPU has no "
                + stated.get().label() + " units, the row's precision or hardware is mistyped (kept)");
    }

    private static String figures(DeviceSpec device) {
        List<String> out = new ArrayList<>();
        for (Precision p : Precision.values()) {
            if (device.peakFlops(p).isPresent()) {
                out.add(p.label());
            }
        }
        return String.join(", ", out);
    }

    /** One warning per precision and hardware without a figure, in file order. */
    List<String> notes() {
        return List.copyOf(first.values());
    }
}
