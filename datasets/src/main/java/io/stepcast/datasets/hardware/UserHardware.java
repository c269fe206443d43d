package io.stepcast.datasets.hardware;

import io.stepcast.api.EditDistance;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.NicSpec;
import io.stepcast.api.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The entries of a user's hardware file ({@link UserHardwareFile}), each with where it was written, and the check
 * that they can join a catalog ({@link #against}): a name or alias may not be one the catalog (or another entry of
 * the file) already has, since a file adds hardware rather than redefining it, and every part a system names must be
 * an entry of the right kind in the catalog or the file.
 *
 * @param file    the file as named, for messages
 * @param entries the devices, links, NICs and systems, in the file's order
 * @param graphs  the topology graphs
 */
record UserHardware(String file, List<Stated> entries, List<StatedGraph> graphs) {
    UserHardware {
        entries = List.copyOf(entries);
        graphs = List.copyOf(graphs);
    }

    /**
     * One entry and where it was written.
     *
     * @param entry the record
     * @param where the entry as written (its file, line, section and fields' lines)
     */
    record Stated(HardwareEntry entry, HardwareFileEntry where) {
    }

    /**
     * One topology graph and where it was written.
     *
     * @param graph the matrix and its topology
     * @param where the entry as written
     */
    record StatedGraph(HardwareTables.TopologyGraph graph, HardwareFileEntry where) {
    }

    /**
     * Checks that the entries can join {@code catalog}'s entries, and returns them as they join it: a system naming its
     * parts by alias ({@code device: H100 PCIe}) names them by the catalog's names, so that it is one of the systems
     * built with that GPU, as the embedded systems are, and {@code hardware show} prints the part's name.
     *
     * @throws IllegalArgumentException one line naming the file, the line, the entry and the clashing name, or the
     *                                  field of a system whose part is unknown or of another kind
     */
    List<HardwareEntry> against(List<HardwareEntry> catalog) {
        Map<String, HardwareEntry> embedded = new LinkedHashMap<>();
        catalog.forEach(e -> HardwareTables.labels(e).forEach(l -> embedded.putIfAbsent(HardwareTables.key(l), e)));
        Map<String, Stated> own = new LinkedHashMap<>();
        for (Stated s : entries) {
            for (String label : HardwareTables.labels(s.entry())) {
                String field = label.equals(s.entry().name()) ? "name" : "aliases";
                for (String key : keys(label)) {
                    HardwareEntry clash = embedded.get(key);
                    if (clash != null) {
                        throw s.where().bad(field, "'" + label + "' is already the embedded " + clash.category() + " "
                                + clash.name() + (label.equalsIgnoreCase(clash.name()) ? "" : " (by its name or an "
                                + "alias, compared ignoring case, spaces, '-', '_', '.' and a vendor prefix)")
                                + "; a hardware file adds entries and cannot redefine one: give yours another name");
                    }
                }
                Stated before = own.putIfAbsent(HardwareTables.key(label), s);
                if (before != null && before != s) {
                    throw s.where().bad(field, "'" + label + "' already names " + before.where().section() + "["
                            + before.where().index() + "] '" + before.entry().name() + "' on line "
                            + before.where().line());
                }
            }
        }
        Map<String, HardwareEntry> byKey = new LinkedHashMap<>(embedded);
        own.forEach((k, s) -> byKey.putIfAbsent(k, s.entry()));
        List<HardwareEntry> out = new ArrayList<>();
        for (Stated s : entries) {
            if (s.entry() instanceof SystemSpec sys) {
                out.add(new SystemSpec(sys.name(), sys.aliases(),
                        part(s, "device", sys.device(), DeviceSpec.class, byKey), sys.devicesPerNode(),
                        sys.topology(), sys.intraLink().map(l -> part(s, "intra_link", l, LinkSpec.class, byKey)),
                        sys.nic().map(n -> part(s, "nic", n, NicSpec.class, byKey)), sys.nicsPerNode(), sys.source(),
                        sys.hostLink().map(l -> part(s, "host_link", l, LinkSpec.class, byKey)),
                        sys.devicesPerHostLink()));
            } else {
                out.add(s.entry());
            }
        }
        return List.copyOf(out);
    }

    /** The label's key, and the key without a vendor prefix when it has one (both find it in a catalog). */
    private static List<String> keys(String label) {
        String k = HardwareTables.key(label);
        List<String> out = new ArrayList<>(List.of(k));
        // The prefixes a look-up drops, as DefaultHardwareCatalog drops them.
        for (String prefix : DefaultHardwareCatalog.VENDOR_PREFIXES) {
            if (k.startsWith(prefix) && k.length() > prefix.length()) {
                out.add(k.substring(prefix.length()));
            }
        }
        return out;
    }

    /** The catalog's name of the part a system's {@code field} names, or the one-line error naming the field. */
    private static String part(Stated s, String field, String name, Class<? extends HardwareEntry> type,
                               Map<String, HardwareEntry> byKey) {
        HardwareEntry e = byKey.get(HardwareTables.key(name));
        String kind = type == DeviceSpec.class ? "device" : type == LinkSpec.class ? "link" : "nic";
        if (e == null) {
            List<String> names = byKey.values().stream().filter(type::isInstance).map(HardwareEntry::name)
                    .distinct().toList();
            throw s.where().bad(field, "'" + name + "' is no " + kind + " of the catalog or of this file"
                    + Optional.of(EditDistance.suggestion(name, names)).filter(x -> !x.isEmpty())
                    .orElse(" (stepcast hardware list shows the catalog)"));
        }
        if (!type.isInstance(e)) {
            throw s.where().bad(field, "'" + name + "' is the " + e.category() + " " + e.name() + ", not a " + kind);
        }
        return e.name();
    }
}
