package io.stepcast.models.persist;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The one JSON configuration of envelopes: a repeated field name or anything after the closing brace is an error
 * (a damaged payload must not read as another one), and a tree is written back compactly in its own field order, so
 * that equal trees give equal bytes.
 */
final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final ObjectMapper PRETTY = MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {
    }

    /** The tree of {@code bytes}; the message of a failure says what is wrong and where. */
    static JsonNode parse(byte[] bytes) throws IOException {
        try {
            return MAPPER.readTree(bytes);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new IOException("not valid JSON (" + e.getOriginalMessage()
                    + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr()) + ")", e);
        }
    }

    /** The compact bytes of {@code node}: the canonical form that checksums and nested payloads use. */
    static byte[] compact(JsonNode node) {
        try {
            return MAPPER.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("a JSON tree always serialises", e);
        }
    }

    /** The indented bytes of {@code node}, for files people read. */
    static byte[] pretty(JsonNode node) {
        try {
            return PRETTY.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("a JSON tree always serialises", e);
        }
    }
}
