package io.stepcast.evaluation.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Provenance;
import io.stepcast.datasets.io.AtomicFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A saved predictor: a JSON document with a format tag and version, the estimator's name, the full
 * provenance, and the codec's payload in Base64 with its SHA-256. Reading refuses a file of another
 * format, a newer major version, or a payload whose checksum does not match, naming the file.
 *
 * @param estimator  the estimator that fitted the predictor
 * @param provenance how it was fitted
 * @param payload    the fitted state as the estimator's codec wrote it
 */
record ModelFile(String estimator, Provenance provenance, byte[] payload) {
    static final String FORMAT = "stepcast-model";
    static final int VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** Writes the file atomically: a temporary file beside it, then a move into place. */
    void write(Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        root.put("estimator", estimator);
        ObjectNode p = root.putObject("provenance");
        p.put("estimator", provenance.estimator());
        p.set("hyper_parameters", JSON.valueToTree(provenance.hyperParameters()));
        p.put("training_set", provenance.trainingSetId());
        p.put("training_checksum", provenance.trainingChecksum());
        p.put("training_size", provenance.trainingSize());
        p.put("seed", provenance.seed());
        p.set("versions", JSON.valueToTree(provenance.versions()));
        root.put("payload_sha256", sha256(payload));
        root.put("payload", Base64.getEncoder().encodeToString(payload));
        AtomicFiles.write(file, tmp -> JSON.writeValue(tmp.toFile(), root));
    }

    /** Reads and checks a model file. */
    static ModelFile read(Path file) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IOException(file + ": not a stepcast model file (not valid JSON: "
                    + e.getOriginalMessage() + ")", e);
        }
        if (root == null || !root.isObject() || !FORMAT.equals(text(root, "format"))) {
            throw new IOException(file + ": not a stepcast model file (field 'format' is not '" + FORMAT + "')");
        }
        int version = root.path("version").asInt(-1);
        if (version < 1 || version > VERSION) {
            throw new IOException(file + ": model file version " + root.path("version")
                    + " is not supported (this stepcast reads version " + VERSION + ")");
        }
        String estimator = required(file, root, "estimator");
        byte[] payload;
        try {
            payload = Base64.getDecoder().decode(required(file, root, "payload"));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": field 'payload' is not Base64", e);
        }
        if (!sha256(payload).equals(text(root, "payload_sha256"))) {
            throw new IOException(file + ": the payload does not match its checksum (the file is corrupt)");
        }
        JsonNode p = root.path("provenance");
        Provenance provenance = new Provenance(
                required(file, p, "estimator"),
                strings(p.path("hyper_parameters")),
                required(file, p, "training_set"),
                required(file, p, "training_checksum"),
                p.path("training_size").asInt(),
                p.path("seed").asLong(),
                strings(p.path("versions")));
        return new ModelFile(estimator, provenance, payload);
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static String required(Path file, JsonNode node, String field) throws IOException {
        String v = text(node, field);
        if (v == null || v.isBlank()) {
            throw new IOException(file + ": field '" + field + "' is missing");
        }
        return v;
    }

    private static Map<String, String> strings(JsonNode node) {
        Map<String, String> m = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
