package io.stepcast.models.persist;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Optional;

/**
 * What an envelope is and which revision of it: the {@code format} tag that names the layout (e.g.
 * {@code stepcast-model}) and its {@code version}, raised whenever the layout changes so that a reader refuses what it
 * does not know rather than misreading it.
 *
 * @param format  the layout's name: non-blank
 * @param version its revision, from 1
 */
public record EnvelopeHeader(String format, int version) {
    public EnvelopeHeader {
        if (format == null || format.isBlank()) {
            throw new IllegalArgumentException("an envelope needs a format tag");
        }
        if (version < 1) {
            throw new IllegalArgumentException("envelope version must be at least 1, was " + version);
        }
    }

    /**
     * The header of bytes that hold a JSON envelope: an object whose top-level fields include a textual
     * {@code format} and an integral {@code version}. Empty for any other bytes, such as a payload of a format from
     * before the envelope (plain text or binary), so that a codec can tell which reader a payload needs.
     */
    public static Optional<EnvelopeHeader> of(byte[] bytes) {
        int i = 0;
        while (i < bytes.length && Character.isWhitespace(bytes[i])) {
            i++;
        }
        if (i == bytes.length || bytes[i] != '{') {
            return Optional.empty();
        }
        try (JsonParser p = Json.MAPPER.getFactory().createParser(bytes)) {
            p.nextToken();
            String format = null;
            Integer version = null;
            while (p.nextToken() == JsonToken.FIELD_NAME && (format == null || version == null)) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("format") && value == JsonToken.VALUE_STRING) {
                    format = p.getText();
                } else if (name.equals("version") && value == JsonToken.VALUE_NUMBER_INT) {
                    version = p.getIntValue();
                } else {
                    p.skipChildren();
                }
            }
            return format != null && version != null && !format.isBlank() && version >= 1
                    ? Optional.of(new EnvelopeHeader(format, version)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Writes this header in binary: the format as {@link DataOutput#writeUTF}, then the version as an int. */
    public void writeTo(DataOutput out) throws IOException {
        out.writeUTF(format);
        out.writeInt(version);
    }

    /**
     * Reads a header that {@link #writeTo} wrote for {@code format}, when {@code in} starts with one; otherwise
     * leaves {@code in} where it was and returns empty (bytes written before they carried a header).
     *
     * @param in a stream that supports {@link InputStream#mark}
     */
    public static Optional<EnvelopeHeader> readFrom(InputStream in, String format) throws IOException {
        if (!in.markSupported()) {
            throw new IllegalArgumentException("reading an optional header needs a stream that supports mark");
        }
        java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
        new java.io.DataOutputStream(expected).writeUTF(format);
        byte[] tag = expected.toByteArray();
        in.mark(tag.length + Integer.BYTES);
        byte[] head = in.readNBytes(tag.length);
        if (!Arrays.equals(head, tag)) {
            in.reset();
            return Optional.empty();
        }
        return Optional.of(new EnvelopeHeader(format, new DataInputStream(in).readInt()));
    }
}
