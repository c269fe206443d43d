package io.stepcast.app.model;

import io.stepcast.api.Provenance;
import io.stepcast.datasets.io.AtomicFiles;
import io.stepcast.models.persist.EnvelopeHeader;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;
import io.stepcast.models.persist.ProvenanceFields;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

/**
 * A saved predictor: an envelope ({@value #FORMAT}, version {@value #VERSION}) with the estimator's name, the full
 * provenance, the gradient bytes its training rows stated per model ({@link TrainedParameterBytes}, from version 3;
 * none in a file before), and the codec's payload with its SHA-256. A payload that is itself an envelope is kept as the JSON
 * object it is, so the fitted state can be read in the file; any other payload is Base64 text, as every payload was
 * in version 1, which is still read. The checksum covers the payload's canonical bytes (an envelope written
 * compactly). Reading refuses a file of another format, a newer version, or a payload whose checksum does not match,
 * naming the file.
 *
 * @param estimator  the estimator that fitted the predictor
 * @param provenance how it was fitted
 * @param trained    the gradient bytes its training rows stated per model
 * @param payload    the fitted state as the estimator's codec wrote it
 */
record ModelFile(String estimator, Provenance provenance, TrainedParameterBytes trained, byte[] payload) {
    static final String FORMAT = "stepcast-model";
    /**
     * 3 adds {@code training_parameter_bytes}; 2 keeps a payload that is an envelope as a JSON object; 1 held every
     * payload as Base64 text. All three are read.
     */
    static final int VERSION = 3;

    /** Writes the file atomically: a temporary file beside it, then a move into place. */
    void write(Path file) throws IOException {
        PayloadWriter w = PayloadWriter.envelope(FORMAT, VERSION).text("estimator", estimator);
        ProvenanceFields.write(provenance, w.object("provenance"));
        PayloadWriter bytesByModel = w.object("training_parameter_bytes");
        trained.byModel().forEach(bytesByModel::integer);
        w.text("payload_sha256", sha256(PayloadWriter.canonical(payload)));
        w.embed("payload", payload);
        byte[] bytes = w.prettyBytes();
        AtomicFiles.write(file, tmp -> Files.write(tmp, bytes));
    }

    /** Reads and checks a model file. */
    static ModelFile read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (EnvelopeHeader.of(bytes).map(h -> !h.format().equals(FORMAT)).orElse(true)) {
            throw new IOException(file + ": not a stepcast model file (no field 'format' with '" + FORMAT + "')");
        }
        PayloadReader root = PayloadReader.open(bytes, file.toString(), FORMAT, 1, VERSION);
        String estimator = required(root, "estimator");
        byte[] payload;
        try {
            payload = root.embedded("payload");
        } catch (IOException e) {
            throw new IOException(e.getMessage() + " (the file is corrupt)", e);
        }
        if (!sha256(payload).equals(root.text("payload_sha256"))) {
            throw new IOException(file + ": the payload does not match its checksum (the file is corrupt)");
        }
        TrainedParameterBytes trained = TrainedParameterBytes.NONE;
        if (root.has("training_parameter_bytes")) {
            PayloadReader byModel = root.object("training_parameter_bytes");
            Map<String, Long> figures = new HashMap<>();
            for (String model : byModel.names()) {
                long b = byModel.longInteger(model);
                if (b <= 0) {
                    throw byModel.corrupt(model, "parameter bytes must be positive, not " + b);
                }
                figures.put(model, b);
            }
            trained = new TrainedParameterBytes(figures);
        }
        return new ModelFile(estimator, ProvenanceFields.read(root.object("provenance")), trained, payload);
    }

    private static String required(PayloadReader node, String field) throws IOException {
        String v = node.text(field);
        if (v.isBlank()) {
            throw node.corrupt(field, "is blank");
        }
        return v;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
