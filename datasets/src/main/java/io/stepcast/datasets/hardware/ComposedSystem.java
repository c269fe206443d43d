package io.stepcast.datasets.hardware;

import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.IntraNodeTopology;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.NicSpec;
import io.stepcast.api.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A system composed in a hardware label from catalogued parts, for a cluster the catalog does not list:
 * {@code BASE+key=value[+key=value...]}. {@code BASE} is a catalogued system (its parts are the starting point) or
 * device (then {@code gpus} is required); the keys replace parts:
 * <ul>
 *   <li>{@code gpus=N}: devices per node;</li>
 *   <li>{@code device=NAME}: a catalogued device;</li>
 *   <li>{@code intra=NAME}: a catalogued intra-node link. Its kind sets the topology: PCIe a PCIe tree, NVSwitch
 *       NVSwitch, NVLink the NVLink hybrid cube-mesh (the DGX-1 matrix of the link's generation at 8 GPUs; at other
 *       counts, or for a generation no DGX-1 had, every NVLink of a GPU carries a ring channel, an upper bound);</li>
 *   <li>{@code nic=NAME}: a catalogued NIC; {@code nics=N}: NICs per node (default the base's, else 1);</li>
 *   <li>{@code host=NAME}: the catalogued link from each device to its host (a PCIe generation), and
 *       {@code host-share=N}: devices behind one such link (two GPUs on one PCIe switch's uplink).</li>
 * </ul>
 * For example {@code dgx-a100+nic=eth-100g+nics=2} (a DGX A100 on two 100 GbE ports) or
 * {@code A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-25g}. A base system's path to the host (its host link and
 * the devices sharing one) is kept unless {@code device} replaces its devices. Every figure stays the catalogued
 * part's, with its source; the composed entry's source lists the parts. The bandwidths can also be set per configuration: the NIC's
 * with the {@code bandwidth_gbps} column, the ring's inside a node with {@code intra_node_gbps} (the latencies stay
 * the catalogued parts').
 */
final class ComposedSystem {
    private static final List<String> KEYS = List.of("gpus", "device", "intra", "nic", "nics", "host", "host-share");

    private ComposedSystem() {
    }

    /** True when {@code label} has the composed form (a {@code +} followed by a {@code key=value}). */
    static boolean looksComposed(String label) {
        int plus = label.indexOf('+');
        return plus > 0 && label.indexOf('=', plus) > plus;
    }

    /**
     * The system a composed label describes.
     *
     * @param find    the catalog's look-up of a part by name
     * @param closest the catalog's closest names to a label, for the message of an unknown part
     * @throws IllegalArgumentException naming the label and the part that is unknown, of the wrong kind or missing
     */
    static SystemSpec compose(String label, Function<String, Optional<HardwareEntry>> find,
                              Function<String, List<String>> closest) {
        String[] parts = label.trim().split("\\+");
        Map<String, String> keys = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            String k = eq < 0 ? parts[i].trim() : parts[i].substring(0, eq).trim().toLowerCase(Locale.ROOT);
            if (eq < 0 || !KEYS.contains(k) || parts[i].substring(eq + 1).isBlank()) {
                throw bad(label, "'" + parts[i] + "' is not key=value with a key of " + String.join(", ", KEYS));
            }
            if (keys.put(k, parts[i].substring(eq + 1).trim()) != null) {
                throw bad(label, "'" + k + "' is given twice");
            }
        }
        HardwareEntry base = part(label, parts[0].trim(), "base", find, closest);
        // An unknown part is the first thing to say: a label whose device is not catalogued is wrong for that reason
        // before any other (the base's missing gpus=N, say).
        for (String k : List.of("device", "intra", "nic", "host")) {
            if (keys.containsKey(k)) {
                part(label, keys.get(k), k, find, closest);
            }
        }
        List<String> sources = new ArrayList<>();
        String device;
        int gpus;
        IntraNodeTopology topology;
        Optional<String> intra;
        Optional<String> nic;
        int nics;
        Optional<String> host = Optional.empty();
        int perHostLink = 1;
        if (base instanceof SystemSpec s) {
            host = s.hostLink();
            perHostLink = s.devicesPerHostLink();
            device = s.device();
            gpus = s.devicesPerNode();
            topology = s.topology();
            intra = s.intraLink();
            nic = s.nic();
            nics = s.nicsPerNode();
        } else if (base instanceof DeviceSpec d) {
            if (!keys.containsKey("gpus")) {
                throw bad(label, "a device as the base needs gpus=N");
            }
            device = d.name();
            gpus = 1;
            topology = IntraNodeTopology.UNSPECIFIED;
            intra = Optional.empty();
            nic = Optional.empty();
            nics = 0;
        } else {
            throw bad(label, "the base '" + parts[0].trim() + "' is a " + kind(base) + ", not a system or a device");
        }
        sources.add(base.name() + ": " + base.source());
        if (keys.containsKey("gpus")) {
            gpus = count(label, "gpus", keys.get("gpus"));
        }
        if (keys.containsKey("device")) {
            HardwareEntry d = part(label, keys.get("device"), "device", find, closest);
            if (!(d instanceof DeviceSpec)) {
                throw bad(label, "device '" + keys.get("device") + "' is a " + kind(d) + ", not a device");
            }
            device = d.name();
            sources.add(d.name() + ": " + d.source());
            // Another device has its own host interface: the base's path to the host no longer applies.
            host = Optional.empty();
            perHostLink = 1;
        }
        if (keys.containsKey("intra")) {
            HardwareEntry l = part(label, keys.get("intra"), "intra", find, closest);
            if (!(l instanceof LinkSpec link)) {
                throw bad(label, "intra '" + keys.get("intra") + "' is a " + kind(l) + ", not an intra-node link");
            }
            topology = switch (link.kind()) {
                case PCIE -> IntraNodeTopology.PCIE_TREE;
                case NVLINK -> IntraNodeTopology.NVLINK_HYBRID_CUBE_MESH;
                case NVSWITCH -> IntraNodeTopology.NVSWITCH;
                case HOST_BUS -> throw bad(label, "intra '" + link.name() + "' is a host bus, not a GPU interconnect");
            };
            intra = Optional.of(link.name());
            sources.add(link.name() + ": " + link.source());
        }
        if (keys.containsKey("nic")) {
            HardwareEntry n = part(label, keys.get("nic"), "nic", find, closest);
            if (!(n instanceof NicSpec)) {
                throw bad(label, "nic '" + keys.get("nic") + "' is a " + kind(n) + ", not a NIC");
            }
            nic = Optional.of(n.name());
            nics = Math.max(1, nics);
            sources.add(n.name() + ": " + n.source());
        }
        if (keys.containsKey("nics")) {
            if (nic.isEmpty()) {
                throw bad(label, "nics=N needs a NIC (nic=NAME, or a base system with one)");
            }
            nics = count(label, "nics", keys.get("nics"));
        }
        if (keys.containsKey("host")) {
            HardwareEntry l = part(label, keys.get("host"), "host", find, closest);
            if (!(l instanceof LinkSpec)) {
                throw bad(label, "host '" + keys.get("host") + "' is a " + kind(l) + ", not a link");
            }
            host = Optional.of(l.name());
            sources.add(l.name() + ": " + l.source());
        }
        if (keys.containsKey("host-share")) {
            perHostLink = count(label, "host-share", keys.get("host-share"));
            if (perHostLink > gpus) {
                throw bad(label, "host-share=" + perHostLink + " is more than the node's " + gpus + " devices");
            }
        }
        return new SystemSpec(label.trim(), List.of(), device, gpus, topology, intra, nic, nics,
                "composed from catalogued parts: " + String.join(" | ", sources), host, Math.min(perHostLink, gpus));
    }

    private static HardwareEntry part(String label, String name, String role,
                                      Function<String, Optional<HardwareEntry>> find,
                                      Function<String, List<String>> closest) {
        return find.apply(name).orElseThrow(() -> bad(label, role + " '" + name + "' is not in the catalog (closest: "
                + String.join(", ", closest.apply(name)) + ")" + HardwareFileHint.TEXT));
    }

    private static int count(String label, String key, String value) {
        try {
            int n = Integer.parseInt(value);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below says what is expected
        }
        throw bad(label, key + "=" + value + " is not a whole number of at least 1");
    }

    private static String kind(HardwareEntry e) {
        return e instanceof SystemSpec ? "system" : e instanceof DeviceSpec ? "device" : e instanceof LinkSpec ? "link"
                : e instanceof NicSpec ? "NIC" : e.getClass().getSimpleName();
    }

    private static IllegalArgumentException bad(String label, String why) {
        return new IllegalArgumentException("hardware '" + label + "': " + why);
    }
}
