package io.stepcast.api.hardware;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Whether the link bandwidths a user states in place of the catalog's ({@code intra_node_gbps}, {@code bandwidth_gbps}:
 * Gbit/s per direction) are within what the hardware can carry: a GPU's links of its system's intra-node kind together
 * ({@link LinkSpec#perGpuGBs}), and the node's NICs together. A stated figure may well be lower (what a run achieved), but
 * not higher: 5,000 Gbit/s over one PCIe 4.0 x16 slot (252) is a typo or a unit slip, and it changes every layout's
 * ranking. The figure is still used as stated; the note only says so.
 */
public final class StatedLinkBounds {
    /** Rounding in a stated figure (a table's 200 for 196.9) is no error. */
    private static final double SLACK = 0.05;

    private StatedLinkBounds() {
    }

    /**
     * The notes on the stated figures of {@code hardware} above its catalogued links; empty where they are within them,
     * nothing is stated, or the label names no catalogued system.
     *
     * @param intraName what the intra-node figure is called where it was stated ({@code intra_node_gbps},
     *                  {@code --intra-node-gbps})
     * @param nicName   what the network figure is called there ({@code bandwidth_gbps}, {@code --bandwidth})
     */
    public static List<String> notes(HardwareCatalog catalog, String hardware, OptionalDouble intraGbps,
                                     OptionalDouble nicGbps, String intraName, String nicName) {
        List<String> out = new ArrayList<>();
        if (intraGbps.isEmpty() && nicGbps.isEmpty()) {
            // Most rows state neither: no look-up per row of a large file.
            return out;
        }
        Optional<SystemSpec> system = hardware == null || hardware.isBlank() ? Optional.empty()
                : catalog.system(hardware);
        if (system.isEmpty()) {
            return out;
        }
        SystemSpec s = system.get();
        if (intraGbps.isPresent() && s.devicesPerNode() > 1) {
            catalog.intraLink(s).ifPresent(l -> {
                double max = l.perGpuGBs() * 8;
                if (intraGbps.getAsDouble() > max * (1 + SLACK)) {
                    out.add(String.format(Locale.ROOT, "%s %s is above what a GPU of %s can send over its %s "
                            + "links (%s Gbit/s per direction); it is used as stated", intraName,
                            number(intraGbps.getAsDouble()), s.name(), l.name(), number(max)));
                }
            });
        }
        if (nicGbps.isPresent()) {
            catalog.nic(s).ifPresent(n -> {
                double max = n.gbps() * s.nicsPerNode();
                if (nicGbps.getAsDouble() > max * (1 + SLACK)) {
                    out.add(String.format(Locale.ROOT, "%s %s is above the %d x %s NICs of a %s node (%s Gbit/s per "
                            + "direction); it is used as stated", nicName, number(nicGbps.getAsDouble()),
                            s.nicsPerNode(), n.name(), s.name(), number(max)));
                }
            });
        }
        return out;
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.4g", v);
    }
}
