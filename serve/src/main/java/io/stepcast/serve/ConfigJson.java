package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.stepcast.api.Config;
import io.stepcast.api.FieldNames;
import io.stepcast.api.InvalidField;
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
    /**
     * How a request's 400s name its fields: {@code field 'config.micro_batch'}, mentioned in passing by the bare name
     * (the CSV column's, which is the field's); a switch's default is the field left out, not a blank cell.
     */
    static final FieldNames REQUEST = new FieldNames() {
        @Override
        public String name(String field) {
            return "field 'config." + field + "'";
        }

        @Override
        public String keepOn(String field) {
            return "leave " + field + " out or true";
        }
    };

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
            // The row's refusal of one column names it as the request's field; any other problem as the reader says.
            throw ApiException.badRequest(e.field().map(f -> f.named(REQUEST)).orElse(e.problem()));
        } catch (InvalidField e) {
            throw ApiException.badRequest(FIELDS.contains(e.field()) ? e.named(REQUEST) : "config: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("config: " + e.getMessage());
        }
    }

    private static Set<String> fields() {
        Set<String> s = new LinkedHashSet<>(GenericCsvImporter.REQUIRED);
        s.addAll(GenericCsvImporter.BATCH);
        GenericCsvImporter.OPTIONAL.stream().filter(f -> !NOT_CONFIG.contains(f)).forEach(s::add);
        return Set.copyOf(s);
    }
}
