package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.stepcast.api.Config;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.StatedLinkBounds;
import io.stepcast.datasets.importers.GenericCsvImporter;
import io.stepcast.datasets.io.CsvRow;
import io.stepcast.datasets.io.DataFormatException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code config} object of a prediction request: the configuration columns of the generic CSV
 * ({@code docs/data-model.md}, "Your own measurements"), read by {@link GenericCsvImporter#config} itself, so
 * that a request accepts and refuses exactly what a CSV row would. Values may be JSON numbers, strings or
 * booleans; measurement columns and unknown fields are refused, naming the field.
 */
final class ConfigJson {
    /** Columns of the generic CSV that describe what was measured, not the configuration. */
    private static final Set<String> NOT_CONFIG = Set.of("sync_time_s", "utilisation", "runs", "replication",
            "source");
    /** The field names a {@code config} may have. */
    static final Set<String> FIELDS = fields();

    private ConfigJson() {
    }

    /**
     * A request's configuration and what reading it noticed.
     *
     * @param config   the configuration
     * @param warnings what a CSV reader notes of the same row, in its words: a model the shape fields make another
     *                 than the one named ({@link GenericCsvImporter#shapeNote}), a stated link bandwidth above the
     *                 hardware's ({@link StatedLinkBounds})
     */
    record Read(Config config, List<String> warnings) {
        Read {
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * The configuration of {@code node} with its warnings; a 400 {@link ApiException} naming the field when it is not
     * valid.
     *
     * @param catalog the service's hardware catalog, whose system fills the nodes of a 3D-parallel request without
     *                {@code nodes}, as it does a CSV row's ({@link GenericCsvImporter#config})
     */
    static Read read(JsonNode node, HardwareCatalog catalog) {
        new JsonFields(node, "config.").only(FIELDS);
        for (String required : GenericCsvImporter.REQUIRED) {
            if (node.get(required) == null || node.get(required).isNull()) {
                throw ApiException.badRequest("field 'config." + required + "' is missing");
            }
        }
        Map<String, Integer> header = new LinkedHashMap<>();
        List<String> cells = new ArrayList<>();
        for (var it = node.fields(); it.hasNext(); ) {
            var e = it.next();
            JsonNode v = e.getValue();
            if (v.isNull()) {
                continue;
            }
            if (!v.isValueNode()) {
                throw ApiException.badRequest("field 'config." + e.getKey() + "' must be a number, string or boolean");
            }
            if (v.isTextual() && v.asText().isBlank()) {
                // A blank CSV cell means the column's default; in JSON that is the field left out (or null), so an
                // empty string is a mistake, not a default (e.g. "context_parallel": "" is no integer).
                throw ApiException.badRequest("field 'config." + e.getKey() + "' is an empty string; leave it out (or "
                        + "null) for its default");
            }
            header.put(e.getKey(), cells.size());
            cells.add(v.asText());
        }
        CsvRow row = new CsvRow("config", 1, header, cells);
        try {
            Config config = GenericCsvImporter.config(row, catalog).build();
            List<String> warnings = new ArrayList<>(GenericCsvImporter.shapeNote(row).stream().toList());
            warnings.addAll(StatedLinkBounds.notes(catalog, config.deployment().hardware(),
                    config.deployment().intraNodeGbps(), config.deployment().bandwidthGbps(), "config.intra_node_gbps",
                    "config.bandwidth_gbps"));
            return new Read(config, warnings);
        } catch (DataFormatException e) {
            throw ApiException.badRequest(located(e.getMessage()));
        } catch (IllegalArgumentException e) {
            String named = named(e.getMessage());
            throw ApiException.badRequest(named.equals(e.getMessage()) ? "config: " + named : named);
        }
    }

    /**
     * A record's validation message that starts with the column it is about ("expert_parallel 3 must divide ..."),
     * located as the other 400s are ("field 'config.expert_parallel': expert_parallel 3 must divide ..."); any other
     * message unchanged.
     */
    static String named(String message) {
        int space = message.indexOf(' ');
        String first = space < 0 ? message : message.substring(0, space);
        return FIELDS.contains(first) ? "field 'config." + first + "': " + message : message;
    }

    /**
     * "config:1: column 'workers' must ..." becomes "field 'config.workers' must ..."; a message about a column that
     * does not say "column" is located by {@link #named}.
     */
    private static String located(String message) {
        String m = message.startsWith("config:1: ") ? message.substring("config:1: ".length()) : message;
        return m.contains("column '") ? m.replace("column '", "field 'config.") : named(m);
    }

    private static Set<String> fields() {
        Set<String> s = new LinkedHashSet<>(GenericCsvImporter.REQUIRED);
        s.addAll(GenericCsvImporter.BATCH);
        GenericCsvImporter.OPTIONAL.stream().filter(f -> !NOT_CONFIG.contains(f)).forEach(s::add);
        return Set.copyOf(s);
    }
}
