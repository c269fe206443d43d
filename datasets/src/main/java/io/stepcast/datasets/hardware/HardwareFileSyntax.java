package io.stepcast.datasets.hardware;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.stepcast.api.EditDistance;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The YAML structure of a user's hardware file: a mapping of sections ({@code devices}, {@code links}, {@code nics},
 * {@code systems}, {@code graphs}), each a list of entries, each a mapping of fields. Read with Jackson's streaming
 * parser rather than as a tree because a tree forgets where its nodes were, and every error names its line.
 */
final class HardwareFileSyntax {
    /** The sections, in the order the catalog lists its entries (graphs last: they are no entries). */
    static final List<String> SECTIONS = List.of("devices", "links", "nics", "systems", "graphs");
    private static final ObjectMapper MAPPER = new ObjectMapper(new YAMLFactory());

    private HardwareFileSyntax() {
    }

    /**
     * Every entry of the file, section by section in the file's order.
     *
     * @param file the file's name for messages
     * @throws IllegalArgumentException one line naming the file and line: not YAML, not sections of lists of
     *                                  mappings, an unknown section or a field given twice
     */
    static List<HardwareFileEntry> entries(String file, Reader in) throws IOException {
        try (JsonParser p = MAPPER.getFactory().createParser(in)) {
            return read(file, p);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new IllegalArgumentException(file + (at == null ? "" : ":" + at.getLineNr()) + ": not valid YAML: "
                    + e.getOriginalMessage().lines().findFirst().orElse("").strip());
        }
    }

    private static List<HardwareFileEntry> read(String file, JsonParser p) throws IOException {
        List<HardwareFileEntry> out = new ArrayList<>();
        JsonToken t = p.nextToken();
        if (t == null) {
            throw new IllegalArgumentException(file + ": the file is empty (expected the sections "
                    + String.join(", ", SECTIONS) + ")");
        }
        expect(file, p, t, JsonToken.START_OBJECT, "the file must be a mapping of sections ("
                + String.join(", ", SECTIONS) + ")");
        for (t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
            String section = p.currentName();
            int line = line(p);
            if (!SECTIONS.contains(section)) {
                throw new IllegalArgumentException(file + ":" + line + ": unknown section '" + section + "'"
                        + EditDistance.suggestion(section, SECTIONS) + " (sections: " + String.join(", ", SECTIONS)
                        + ")");
            }
            t = p.nextToken();
            if (t == JsonToken.VALUE_NULL) {
                continue;
            }
            expect(file, p, t, JsonToken.START_ARRAY, "section " + section + " must be a list of entries ('- name: ...')");
            int index = 0;
            for (t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                expect(file, p, t, JsonToken.START_OBJECT, section + "[" + index + "] must be a mapping of fields "
                        + "(name: ..., source: ...)");
                out.add(entry(file, section, index++, p));
            }
        }
        return out;
    }

    private static HardwareFileEntry entry(String file, String section, int index, JsonParser p) throws IOException {
        int line = line(p);
        Map<String, HardwareFileEntry.Field> fields = new LinkedHashMap<>();
        for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
            String name = p.currentName();
            int at = line(p);
            p.nextToken();
            JsonNode value = MAPPER.readTree(p);
            if (fields.put(name, new HardwareFileEntry.Field(value == null ? NullNode.getInstance() : value, at))
                    != null) {
                throw new IllegalArgumentException(file + ":" + at + ": " + section + "[" + index + "]: field " + name
                        + " is given twice");
            }
        }
        return new HardwareFileEntry(file, section, index, line, fields);
    }

    private static void expect(String file, JsonParser p, JsonToken t, JsonToken wanted, String why) {
        if (t != wanted) {
            throw new IllegalArgumentException(file + ":" + line(p) + ": " + why);
        }
    }

    private static int line(JsonParser p) {
        return p.currentTokenLocation().getLineNr();
    }
}
