package io.stepcast.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.NicSpec;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.datasets.hardware.HardwareLabels;
import io.stepcast.models.collective.CatalogLinks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;

/**
 * {@code stepcast hardware list [--json]} and {@code stepcast hardware show NAME [--json]}: the hardware
 * catalog's devices, links, NICs and systems with the source of every figure; {@code show} adds to a system the
 * link figures the link-based predictors derive from it ({@link #derivedLinks}). An unknown NAME exits 2 with
 * the closest known names.
 */
@Command(name = "hardware", mixinStandardHelpOptions = true,
        description = "The hardware catalog: GPUs, CPUs, links, NICs and systems, with their sources.",
        subcommands = {HardwareCommand.ListEntries.class, HardwareCommand.ShowEntry.class})
public final class HardwareCommand implements Callable<Integer> {
    private final Optional<HardwareCatalog> catalog;

    @Spec
    CommandSpec spec;

    /** @param catalog the catalog shown */
    public HardwareCommand(HardwareCatalog catalog) {
        this(Optional.of(catalog));
    }

    /** @param catalog the catalog shown, when the datasets module binds one */
    public HardwareCommand(Optional<HardwareCatalog> catalog) {
        this.catalog = Objects.requireNonNull(catalog, "catalog");
    }

    /** The catalog of the command {@code spec} is a subcommand of. */
    static HardwareCatalog catalogOf(CommandSpec spec) {
        return ((HardwareCommand) spec.parent().userObject()).catalog.orElseThrow(() -> new IllegalStateException(
                "no hardware catalog on the class path: the datasets module provides it"));
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    /** {@code hardware list}: one line per entry, or a JSON array. */
    @Command(name = "list", mixinStandardHelpOptions = true, description = "List every catalog entry.")
    static final class ListEntries implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--json", description = "A JSON array of every entry with all its fields.")
        boolean json;

        @Override
        public Integer call() throws IOException {
            HardwareCatalog catalog = catalogOf(spec);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(mapper().writeValueAsString(catalog.entries().stream().map(HardwareCommand::fields).toList()));
            } else {
                EntryListing.print(out, catalog);
            }
            out.flush();
            return 0;
        }
    }

    /** {@code hardware show NAME}: every field of one entry and its source. */
    @Command(name = "show", mixinStandardHelpOptions = true, description = "Show one entry by name or alias.")
    static final class ShowEntry implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "NAME", description = "A catalog name or alias, e.g. V100 or dgx-a100, or "
                + "a system composed of catalogued parts: BASE+key=value... with keys gpus, device, intra, nic, nics, "
                + "e.g. dgx-a100+nic=eth-100g+nics=2.")
        String name;

        @Option(names = "--json", description = "JSON object of the entry.")
        boolean json;

        @Override
        public Integer call() throws IOException {
            HardwareCatalog catalog = catalogOf(spec);
            var entry = catalog.find(name);
            // As a file's label is read: a GPU count before a GPU (8x A100 80GB SXM4) is the run's GPUs, so the rest
            // names the hardware shown, and the note says so as evaluate's warning does.
            HardwareLabels labels = new HardwareLabels(catalog);
            String read = labels.canonical(name);
            Optional<String> note = read.equals(name.trim()) ? Optional.empty() : labels.unknownNote(name);
            if (entry.isEmpty()) {
                entry = catalog.find(read);
            }
            if (entry.isEmpty()) {
                String why = "unknown hardware '" + name + "'";
                try {
                    catalog.resolve(name);
                } catch (NoSuchElementException e) {
                    why = e.getMessage();
                }
                // A usage error like any other: the command line's handler prints it and exits 2.
                throw new CommandLine.ParameterException(spec.commandLine(), note.orElse(why));
            }
            note.ifPresent(n -> spec.commandLine().getErr().println("note: " + n));
            PrintWriter out = spec.commandLine().getOut();
            Map<String, Object> f = fields(entry.get());
            if (entry.get() instanceof SystemSpec s) {
                Object source = f.remove("source");
                catalog.linkGraph(s).ifPresent(g -> {
                    f.put("nvlink_matrix", g.rows());
                    f.put("nvlink_matrix_source", g.source());
                });
                f.putAll(derivedLinks(catalog, s));
                f.put("source", source);
            }
            if (json) {
                out.println(mapper().writeValueAsString(f));
            } else {
                f.forEach((k, v) -> out.printf("%-24s %s%n", k, text(v)));
            }
            out.flush();
            return 0;
        }
    }

    /**
     * What the link-based predictors take from a system ({@link CatalogLinks}), in the units of the configuration
     * columns that replace them: the ring bandwidth per GPU over all the node's GPUs ({@code intra_node_gbps}) and
     * the node's network bandwidth ({@code bandwidth_gbps}), Gbit/s per direction, with their latencies. Absent
     * where the catalog lacks a figure.
     */
    static Map<String, Object> derivedLinks(HardwareCatalog catalog, SystemSpec s) {
        Map<String, Object> m = new LinkedHashMap<>();
        CatalogLinks links = new CatalogLinks(catalog);
        // The latencies are the catalogued parts' own figures (a round trip through seconds would add noise digits).
        if (s.devicesPerNode() > 1) {
            links.intraNode(s, s.devicesPerNode()).ifPresent(c -> {
                m.put("intra_node_gbps", c.bytesPerS() * 8 / 1e9);
                put(m, "intra_node_latency_us", catalog.intraLink(s).map(LinkSpec::latencyUs).orElseThrow());
            });
        }
        links.interNode(s).ifPresent(c -> {
            m.put("node_network_gbps", c.bytesPerS() * 8 / 1e9);
            put(m, "node_network_latency_us", catalog.nic(s).map(NicSpec::latencyUs).orElseThrow());
        });
        return m;
    }

    static ObjectMapper mapper() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** The entry's fields in a fixed order, absent figures left out. */
    static Map<String, Object> fields(HardwareEntry e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", e.name());
        m.put("category", e.category());
        m.put("aliases", e.aliases());
        if (e instanceof DeviceSpec d) {
            m.put("kind", d.kind().name());
            put(m, "fp32_tflops", d.fp32Tflops());
            put(m, "fp16_tflops", d.fp16Tflops());
            put(m, "bf16_tflops", d.bf16Tflops());
            put(m, "tf32_tflops", d.tf32Tflops());
            put(m, "fp8_tflops", d.fp8Tflops());
            put(m, "memory_gb", d.memoryGb());
            put(m, "memory_bandwidth_gbs", d.memoryBandwidthGBs());
            d.multiprocessors().ifPresent(n -> m.put("multiprocessors", n));
            put(m, "achievable_matmul_fraction", d.achievableMatmulFraction());
        } else if (e instanceof LinkSpec l) {
            m.put("kind", l.kind().name());
            m.put("per_link_gbs", l.perLinkGBs());
            m.put("links_per_gpu", l.linksPerGpu());
            m.put("per_gpu_gbs", l.perGpuGBs());
            put(m, "latency_us", l.latencyUs());
        } else if (e instanceof NicSpec n) {
            m.put("kind", n.kind().name());
            m.put("gbps", n.gbps());
            put(m, "latency_us", n.latencyUs());
        } else if (e instanceof SystemSpec s) {
            m.put("device", s.device());
            m.put("devices_per_node", s.devicesPerNode());
            m.put("topology", s.topology().name());
            s.intraLink().ifPresent(v -> m.put("intra_link", v));
            s.nic().ifPresent(v -> m.put("nic", v));
            m.put("nics_per_node", s.nicsPerNode());
            s.hostLink().ifPresent(v -> m.put("host_link", v));
            m.put("devices_per_host_link", s.devicesPerHostLink());
        }
        m.put("source", e.source());
        return m;
    }

    private static void put(Map<String, Object> m, String key, OptionalDouble v) {
        if (v.isPresent()) {
            m.put(key, v.getAsDouble());
        }
    }

    static String text(Object v) {
        if (v instanceof Double d && d == Math.rint(d)) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(v);
    }

    /** The plain-text listing: one line per entry, grouped by category. */
    static final class EntryListing {
        private EntryListing() {
        }

        static void print(PrintWriter out, HardwareCatalog catalog) {
            String category = "";
            for (HardwareEntry e : catalog.entries()) {
                if (!e.category().equals(category)) {
                    category = e.category();
                    out.println(category + "s:");
                }
                out.printf("  %-20s %s%n", e.name(), summary(e));
            }
        }

        private static String summary(HardwareEntry e) {
            Map<String, Object> f = fields(e);
            StringBuilder b = new StringBuilder();
            f.forEach((k, v) -> {
                if (!k.equals("name") && !k.equals("category") && !k.equals("source") && !k.equals("aliases")) {
                    b.append(b.length() == 0 ? "" : "  ").append(k).append('=').append(text(v));
                }
            });
            return b.toString();
        }
    }
}
