package io.stepcast.datasets.hardware;

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

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Reads the embedded hardware tables ({@code io/stepcast/datasets/hardware/{devices,links,nics,systems}.tsv}):
 * one entry a line, tab-separated, {@code -} for a figure the source does not give, aliases
 * comma-separated, the citation after the figures; {@code devices.tsv} may add a GPU's multiprocessor count, then its
 * dense TF32 and FP8 tensor-core TFLOP/s, after
 * its citation (a figure from another document, which the citation then names), and {@code systems.tsv} a
 * system's host link and the devices that share one after its citation (the citation names their documents). A
 * malformed line fails with the file and line number.
 */
final class HardwareTables {
    static final String FOLDER = "/io/stepcast/datasets/hardware/";

    private HardwareTables() {
    }

    /** Every entry of the four tables, devices first. */
    static List<HardwareEntry> readAll() {
        List<HardwareEntry> out = new ArrayList<>();
        read("devices.tsv", 9, 4, (f, where) -> new DeviceSpec(f[0], aliases(f[1]), DeviceKind.valueOf(f[2]),
                number(f[3], where), number(f[4], where), number(f[5], where), number(f[6], where),
                number(f[7], where), f[8], f.length > 9 && !f[9].equals("-")
                        ? OptionalInt.of(Integer.parseInt(f[9])) : OptionalInt.empty(),
                f.length > 10 ? number(f[10], where) : OptionalDouble.empty(),
                f.length > 11 ? number(f[11], where) : OptionalDouble.empty(),
                f.length > 12 ? number(f[12], where) : OptionalDouble.empty()), out);
        read("links.tsv", 7, (f, where) -> new LinkSpec(f[0], aliases(f[1]), LinkKind.valueOf(f[2]),
                number(f[3], where).orElseThrow(), Integer.parseInt(f[4]), number(f[5], where), f[6]), out);
        read("nics.tsv", 6, (f, where) -> new NicSpec(f[0], aliases(f[1]), NicKind.valueOf(f[2]),
                number(f[3], where).orElseThrow(), number(f[4], where), f[5]), out);
        read("systems.tsv", 9, 2, (f, where) -> new SystemSpec(f[0], aliases(f[1]), f[2], Integer.parseInt(f[3]),
                IntraNodeTopology.valueOf(f[4]), optional(f[5]), optional(f[6]), Integer.parseInt(f[7]), f[8],
                f.length > 9 ? optional(f[9]) : Optional.empty(),
                f.length > 10 && !f[10].equals("-") ? Integer.parseInt(f[10]) : 1), out);
        return out;
    }

    /** The NVLink matrices of {@code graphs.tsv}, by the topology and GPU count they describe. */
    static List<TopologyGraph> readGraphs() {
        List<TopologyGraph> out = new ArrayList<>();
        forEachLine("graphs.tsv", (f, where) -> {
            if (f.length != 5) {
                throw new IllegalStateException(where + ": expected 5 tab-separated columns, found " + f.length);
            }
            try {
                String[] rows = f[3].split(";");
                int[][] links = new int[rows.length][];
                for (int i = 0; i < rows.length; i++) {
                    links[i] = Arrays.stream(rows[i].split(",")).mapToInt(v -> Integer.parseInt(v.trim())).toArray();
                }
                if (links.length != Integer.parseInt(f[2])) {
                    throw new IllegalArgumentException("expected a " + f[2] + " x " + f[2] + " matrix");
                }
                out.add(new TopologyGraph(IntraNodeTopology.valueOf(f[1]), new GpuLinkGraph(f[0], links, f[4])));
            } catch (RuntimeException e) {
                throw new IllegalStateException(where + ": " + e.getMessage(), e);
            }
        });
        return out;
    }

    /** A link matrix and the topology it is an instance of. */
    record TopologyGraph(IntraNodeTopology topology, GpuLinkGraph graph) {
    }

    /** Every name and alias of an entry, its name first: the labels it is found by. */
    static List<String> labels(HardwareEntry e) {
        List<String> labels = new ArrayList<>(e.aliases());
        labels.add(0, e.name());
        return labels;
    }

    private interface Row {
        HardwareEntry parse(String[] fields, String where);
    }

    private static void read(String file, int columns, Row row, List<HardwareEntry> out) {
        read(file, columns, 0, row, out);
    }

    /** As {@link #read(String, int, Row, List)}, with up to {@code optional} more columns after the required ones. */
    private static void read(String file, int columns, int optional, Row row, List<HardwareEntry> out) {
        forEachLine(file, (f, where) -> {
            if (f.length < columns || f.length > columns + optional) {
                throw new IllegalStateException(where + ": expected " + columns
                        + (optional == 0 ? "" : " to " + (columns + optional)) + " tab-separated columns, found "
                        + f.length);
            }
            try {
                out.add(row.parse(f, where));
            } catch (IllegalArgumentException | NoSuchElementException e) {
                throw new IllegalStateException(where + ": " + e.getMessage(), e);
            }
        });
    }

    /** What is done with the tab-separated fields of one line; {@code where} is its file and line number. */
    private interface Line {
        void accept(String[] fields, String where);
    }

    /** Calls {@code line} for every line of an embedded table but the blank lines and the comments. */
    private static void forEachLine(String file, Line line) {
        String display = "io/stepcast/datasets/hardware/" + file;
        try (InputStream in = HardwareTables.class.getResourceAsStream(FOLDER + file)) {
            if (in == null) {
                throw new IllegalStateException(display + " is missing from the jar");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            int number = 0;
            for (String text = r.readLine(); text != null; text = r.readLine()) {
                number++;
                if (text.isBlank() || text.startsWith("#")) {
                    continue;
                }
                line.accept(text.split("\t", -1), display + ":" + number);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> aliases(String field) {
        return field.equals("-") ? List.of() : Arrays.stream(field.split(",")).map(String::trim).toList();
    }

    private static Optional<String> optional(String field) {
        return field.equals("-") ? Optional.empty() : Optional.of(field);
    }

    private static OptionalDouble number(String field, String where) {
        if (field.equals("-")) {
            return OptionalDouble.empty();
        }
        try {
            return OptionalDouble.of(Double.parseDouble(field));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + field + "' is not a number");
        }
    }

    /** The lookup key of a label: lower case without spaces, hyphens, underscores and dots. */
    static String key(String label) {
        return label.toLowerCase(Locale.ROOT).replaceAll("[\\s_\\-.+]", "");
    }
}
