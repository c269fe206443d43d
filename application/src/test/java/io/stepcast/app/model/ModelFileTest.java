package io.stepcast.app.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.Provenance;
import io.stepcast.models.persist.PayloadWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The model file: a codec's envelope is kept as a readable JSON object, any other payload as Base64 text; a file of
 * version 1 (every payload in Base64) still reads; a newer version, another format and a payload changed after
 * saving are refused naming the file.
 */
class ModelFileTest {
    private static final Provenance PROVENANCE = new Provenance("ernest", Map.of("b", "2", "a", "1"), "train.csv",
            "ab12", 8, 42L, Map.of("stepcast", "dev"));

    @TempDir
    Path dir;

    @Test
    void anEnvelopePayloadIsAReadableObjectAndReadsBackToItsBytes() throws IOException {
        byte[] payload = PayloadWriter.envelope("stepcast-coefficients", 2).text("estimator", "ernest")
                .numbers("v", new double[] {0.1, 1e-9}).bytes();
        Path file = dir.resolve("m.json");
        new ModelFile("ernest", PROVENANCE, TrainedParameterBytes.NONE, payload).write(file);
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        assertThat(root.get("format").asText()).isEqualTo("stepcast-model");
        assertThat(root.get("version").asInt()).isEqualTo(3);
        assertThat(root.get("payload").get("format").asText()).isEqualTo("stepcast-coefficients");
        assertThat(root.get("payload").get("v").get(1).asDouble()).isEqualTo(1e-9);
        ModelFile back = ModelFile.read(file);
        assertThat(back.payload()).isEqualTo(payload);
        assertThat(back.provenance()).isEqualTo(PROVENANCE);
        assertThat(back.estimator()).isEqualTo("ernest");
    }

    @Test
    void anyOtherPayloadIsBase64Text() throws IOException {
        byte[] payload = {0, 1, 2, -1};
        Path file = dir.resolve("m.json");
        new ModelFile("ernest", PROVENANCE, TrainedParameterBytes.NONE, payload).write(file);
        assertThat(new ObjectMapper().readTree(file.toFile()).get("payload").asText()).isEqualTo("AAEC/w==");
        assertThat(ModelFile.read(file).payload()).isEqualTo(payload);
    }

    @Test
    void theTrainingRowsParameterBytesReadBackAndAFileWithoutThemHasNone() throws IOException {
        byte[] payload = PayloadWriter.envelope("stepcast-coefficients", 2).number("x", 0.5).bytes();
        Path file = dir.resolve("m.json");
        TrainedParameterBytes trained = new TrainedParameterBytes(Map.of("NCF", 127_330_308L));
        new ModelFile("ernest", PROVENANCE, trained, payload).write(file);
        // Kept by the model's key, as the predictors group rows: "NCF" and "ncf" are one model.
        assertThat(new ObjectMapper().readTree(file.toFile()).get("training_parameter_bytes").get("ncf").asLong())
                .isEqualTo(127_330_308L);
        assertThat(ModelFile.read(file).trained()).isEqualTo(trained);
        assertThat(ModelFile.read(file).trained().of("NCF")).contains(127_330_308L);
        // A version 2 file, written before the figures were kept: none, so the zoo sizes a row as before.
        String v2 = Files.readString(file).replace("\"version\" : 3", "\"version\" : 2")
                .replaceAll("(?s)\"training_parameter_bytes\" : \\{[^}]*\\},", "");
        assertThat(v2).doesNotContain("training_parameter_bytes");
        assertThat(ModelFile.read(Files.writeString(dir.resolve("v2.json"), v2)).trained())
                .isEqualTo(TrainedParameterBytes.NONE);
        Path negative = Files.writeString(dir.resolve("negative.json"), Files.readString(file)
                .replace("127330308", "-5"));
        assertThatThrownBy(() -> ModelFile.read(negative)).hasMessageContaining("negative.json")
                .hasMessageContaining("parameter bytes must be positive");
    }

    @Test
    void aVersionOneFileStillReads() throws IOException {
        // As version 1 wrote it: the payload "stepcast-coefficients v1 ernest 1\ng 1.0\n" in Base64 with its SHA-256.
        String v1 = """
                {
                  "format" : "stepcast-model",
                  "version" : 1,
                  "estimator" : "ernest",
                  "provenance" : {
                    "estimator" : "ernest",
                    "hyper_parameters" : { "a" : "1" },
                    "training_set" : "train.csv",
                    "training_checksum" : "ab12",
                    "training_size" : 8,
                    "seed" : 42,
                    "versions" : { "stepcast" : "dev" }
                  },
                  "payload_sha256" : "%s",
                  "payload" : "c3RlcGNhc3QtY29lZmZpY2llbnRzIHYxIGVybmVzdCAxCmcgMS4wCg=="
                }
                """.formatted(sha256("stepcast-coefficients v1 ernest 1\ng 1.0\n"));
        Path file = Files.writeString(dir.resolve("v1.json"), v1);
        ModelFile back = ModelFile.read(file);
        assertThat(new String(back.payload(), StandardCharsets.UTF_8)).isEqualTo("stepcast-coefficients v1 ernest 1\ng 1.0\n");
        assertThat(back.provenance().hyperParameters()).containsExactly(Map.entry("a", "1"));
        assertThat(back.provenance().seed()).isEqualTo(42L);
    }

    @Test
    void aNewerVersionAnotherFormatAndAChangedPayloadAreRefusedNamingTheFile() throws IOException {
        byte[] payload = PayloadWriter.envelope("stepcast-coefficients", 2).number("x", 0.5).bytes();
        Path file = dir.resolve("m.json");
        new ModelFile("ernest", PROVENANCE, TrainedParameterBytes.NONE, payload).write(file);
        String text = Files.readString(file);

        Path newer = Files.writeString(dir.resolve("newer.json"), text.replace("\"version\" : 3", "\"version\" : 4"));
        assertThatThrownBy(() -> ModelFile.read(newer)).hasMessageContaining("newer.json")
                .hasMessageContaining("stepcast-model version 4 is not supported");
        Path changed = Files.writeString(dir.resolve("changed.json"), text.replace("0.5", "0.25"));
        assertThatThrownBy(() -> ModelFile.read(changed)).hasMessageContaining("changed.json")
                .hasMessageContaining("does not match its checksum");
        Path other = Files.writeString(dir.resolve("other.json"), "{\"format\": \"x\", \"version\": 1}");
        assertThatThrownBy(() -> ModelFile.read(other)).hasMessageContaining("other.json: not a stepcast model file");
        Path missing = Files.writeString(dir.resolve("missing.json"), text.replace("\"estimator\" : \"ernest\",", ""));
        assertThatThrownBy(() -> ModelFile.read(missing)).hasMessageContaining("missing.json: field 'estimator' is missing");
    }

    private static String sha256(String s) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
