package io.stepcast.ml.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

/**
 * The deflate compression of the binary sections of this module's payloads (a Tribuo model's protobuf, flattened
 * trees, a quantile forest's rows): Tribuo's protobuf repeats each tree's provenance, so a large forest shrinks many
 * times over.
 */
final class Deflated {
    private Deflated() {
    }

    /** {@code raw} deflated, at the fastest level. */
    static byte[] deflate(byte[] raw) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 4 + 16);
        try (DeflaterOutputStream d = new DeflaterOutputStream(out, new Deflater(Deflater.BEST_SPEED))) {
            d.write(raw);
        }
        return out.toByteArray();
    }

    /** The bytes {@code packed} deflates. */
    static byte[] inflate(byte[] packed) throws IOException {
        try (InflaterInputStream in = new InflaterInputStream(new ByteArrayInputStream(packed))) {
            return in.readAllBytes();
        } catch (ZipException e) {
            throw new IOException("corrupt stepcast-ml payload: model section does not inflate (" + e.getMessage() + ")", e);
        }
    }
}
