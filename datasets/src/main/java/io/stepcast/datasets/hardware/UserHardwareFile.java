package io.stepcast.datasets.hardware;

import com.fasterxml.jackson.databind.JsonNode;
import io.stepcast.api.hardware.DeviceKind;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.GpuLinkGraph;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.IntraNodeTopology;
import io.stepcast.api.hardware.LinkKind;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.NicKind;
import io.stepcast.api.hardware.NicSpec;
import io.stepcast.api.hardware.SystemSpec;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Reads a user's hardware file: YAML with the sections {@code devices}, {@code links}, {@code nics}, {@code systems}
 * and {@code graphs}, each a list of entries whose fields are the embedded tables' columns ({@code devices.tsv}'s
 * {@code name}, {@code aliases}, {@code kind}, {@code fp32_tflops}, ...; {@code docs/hardware-file.md} lists them),
 * every entry with its {@code source}. A figure the source does not give is left out. Each entry becomes the record
 * the embedded tables give ({@link DeviceSpec}, {@link LinkSpec}, {@link NicSpec}, {@link SystemSpec}), checked by
 * the same rules; whether its names clash with the embedded catalog's and whether a system's parts exist is
 * {@link UserHardware#against}'s job. Every error is one line naming the file, the line, the entry and the field.
 */
final class UserHardwareFile {
    static final List<String> DEVICE_FIELDS = List.of("name", "aliases", "kind", "fp32_tflops", "fp16_tflops",
            "bf16_tflops", "memory_gb", "memory_bandwidth_gbs", "source", "multiprocessors", "tf32_tflops",
            "fp8_tflops", "achievable_matmul_fraction");
    static final List<String> LINK_FIELDS = List.of("name", "aliases", "kind", "per_link_gbs", "links_per_gpu",
            "latency_us", "source");
    static final List<String> NIC_FIELDS = List.of("name", "aliases", "kind", "gbps", "latency_us", "source");
    static final List<String> SYSTEM_FIELDS = List.of("name", "aliases", "device", "devices_per_node", "topology",
            "intra_link", "nic", "nics_per_node", "source", "host_link", "devices_per_host_link");
    static final List<String> GRAPH_FIELDS = List.of("name", "topology", "gpus", "links", "source");

    private UserHardwareFile() {
    }

    /**
     * The entries of {@code file}.
     *
     * @throws IllegalArgumentException one line naming the file (and the line, entry and field) when the file is
     *                                  missing, not YAML, or an entry is wrong
     */
    static UserHardware read(Path file) {
        String display = file.toString();
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException("hardware file " + display + ": is a directory, not a file");
        }
        try (Reader in = Files.newBufferedReader(file)) {
            return read(display, in);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("hardware file " + display + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException("hardware file " + display + ": " + e.getMessage());
        }
    }

    /** The entries of a file's text, {@code display} naming it in messages (for tests). */
    static UserHardware read(String display, String text) {
        try {
            return read(display, new StringReader(text));
        } catch (IOException e) {
            throw new IllegalArgumentException(display + ": " + e.getMessage(), e);
        }
    }

    private static UserHardware read(String display, Reader in) throws IOException {
        List<UserHardware.Stated> entries = new ArrayList<>();
        List<UserHardware.StatedGraph> graphs = new ArrayList<>();
        for (HardwareFileEntry e : HardwareFileSyntax.entries(display, in)) {
            switch (e.section()) {
                case "devices" -> entries.add(stated(e, DEVICE_FIELDS, UserHardwareFile::device));
                case "links" -> entries.add(stated(e, LINK_FIELDS, UserHardwareFile::link));
                case "nics" -> entries.add(stated(e, NIC_FIELDS, UserHardwareFile::nic));
                case "systems" -> entries.add(stated(e, SYSTEM_FIELDS, UserHardwareFile::system));
                default -> graphs.add(new UserHardware.StatedGraph(graph(new HardwareFileFields(e, GRAPH_FIELDS)), e));
            }
        }
        if (entries.isEmpty() && graphs.isEmpty()) {
            throw new IllegalArgumentException(display + ": the file states no entry (expected the sections "
                    + String.join(", ", HardwareFileSyntax.SECTIONS) + ")");
        }
        return new UserHardware(display, entries, graphs);
    }

    /** How one section's fields become its record. */
    private interface Parse {
        HardwareEntry of(HardwareFileFields f);
    }

    private static UserHardware.Stated stated(HardwareFileEntry e, List<String> fields, Parse parse) {
        HardwareFileFields f = new HardwareFileFields(e, fields);
        // Name and source first, so that a missing one is named as a missing field rather than by the record.
        f.text("name");
        f.text("source");
        try {
            return new UserHardware.Stated(parse.of(f), e);
        } catch (IllegalArgumentException ex) {
            if (ex.getMessage() != null && ex.getMessage().startsWith(e.file() + ":")) {
                throw ex;
            }
            throw e.rejected(String.valueOf(ex.getMessage()), fields);
        }
    }

    private static DeviceSpec device(HardwareFileFields f) {
        OptionalInt sms = f.integer("multiprocessors");
        return new DeviceSpec(f.text("name"), f.aliases("aliases"),
                f.choice("kind", DeviceKind.class, Optional.of(DeviceKind.GPU)), f.number("fp32_tflops"),
                f.number("fp16_tflops"), f.number("bf16_tflops"), f.number("memory_gb"),
                f.number("memory_bandwidth_gbs"), f.text("source"), sms, f.number("tf32_tflops"),
                f.number("fp8_tflops"), f.number("achievable_matmul_fraction"));
    }

    private static LinkSpec link(HardwareFileFields f) {
        return new LinkSpec(f.text("name"), f.aliases("aliases"), f.choice("kind", LinkKind.class, Optional.empty()),
                f.requiredNumber("per_link_gbs"), f.requiredInteger("links_per_gpu"), latency(f), f.text("source"));
    }

    private static NicSpec nic(HardwareFileFields f) {
        return new NicSpec(f.text("name"), f.aliases("aliases"), f.choice("kind", NicKind.class, Optional.empty()),
                f.requiredNumber("gbps"), latency(f), f.text("source"));
    }

    /**
     * A link's or NIC's latency, required here although the embedded tables' column allows a blank: every
     * link-based cost (a ring's hops, a node's network) is priced with it, and a part without it was silently no
     * link at all, so that {@code plan-llm} and the all-reduce predictors refused its system without naming the
     * field. The message names the embedded parts' figures (NCCL's per-hop latencies) as a guide.
     */
    private static OptionalDouble latency(HardwareFileFields f) {
        return OptionalDouble.of(f.requiredNumber("latency_us", "microseconds per hop, with which the link-based"
                + " predictors price every transfer over it; the embedded NVLink and NVSwitch links take NCCL's 3.4,"
                + " PCIe links 5.7 and NICs 14"));
    }

    private static SystemSpec system(HardwareFileFields f) {
        Optional<String> nic = f.optionalText("nic");
        OptionalInt nics = f.integer("nics_per_node");
        if (nic.isPresent() && nics.isEmpty()) {
            throw f.entry().bad("nics_per_node", "missing (a system with a nic states how many each node has)");
        }
        if (nic.isEmpty() && nics.isPresent() && nics.getAsInt() > 0) {
            throw f.entry().bad("nics_per_node", nics.getAsInt() + " NICs but no nic names them");
        }
        // Checked here, not by the record, so that the message names the field and its own line.
        int perNode = f.requiredInteger("devices_per_node");
        if (perNode < 1) {
            throw f.entry().bad("devices_per_node", "must be at least 1, was " + perNode);
        }
        int perHostLink = f.integer("devices_per_host_link").orElse(1);
        if (perHostLink < 1 || perHostLink > perNode) {
            throw f.entry().bad("devices_per_host_link", "must be between 1 and devices_per_node (" + perNode
                    + "), was " + perHostLink);
        }
        return new SystemSpec(f.text("name"), f.aliases("aliases"), f.text("device"),
                perNode,
                f.choice("topology", IntraNodeTopology.class, Optional.empty()), f.optionalText("intra_link"), nic,
                nics.orElse(0), f.text("source"), f.optionalText("host_link"), perHostLink);
    }

    private static HardwareTables.TopologyGraph graph(HardwareFileFields f) {
        String name = f.text("name");
        String source = f.text("source");
        IntraNodeTopology topology = f.choice("topology", IntraNodeTopology.class, Optional.empty());
        int gpus = f.requiredInteger("gpus");
        JsonNode rows = f.value("links");
        if (rows == null || !rows.isArray() || rows.size() != gpus) {
            throw f.entry().bad("links", "expected " + gpus + " rows (one per GPU) of " + gpus
                    + " link counts, e.g. [0, 1, 1, ...]");
        }
        int[][] links = new int[gpus][];
        for (int i = 0; i < gpus; i++) {
            JsonNode row = rows.get(i);
            if (!row.isArray() || row.size() != gpus) {
                throw f.entry().bad("links", "row " + i + " must list " + gpus + " link counts");
            }
            links[i] = new int[gpus];
            for (int j = 0; j < gpus; j++) {
                if (!row.get(j).canConvertToExactIntegral() || !row.get(j).isNumber()) {
                    throw f.entry().bad("links", "row " + i + ", column " + j + ": '" + row.get(j).asText()
                            + "' is not a whole number");
                }
                links[i][j] = row.get(j).asInt();
            }
        }
        try {
            return new HardwareTables.TopologyGraph(topology, new GpuLinkGraph(name, links, source));
        } catch (IllegalArgumentException e) {
            throw f.entry().bad("links", e.getMessage().startsWith(name + ": ")
                    ? e.getMessage().substring(name.length() + 2) : e.getMessage());
        }
    }
}
