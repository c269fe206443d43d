package io.stepcast.models.persist;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The envelope: every field type reads back as written (doubles to the bit, the non-finite ones included), nested
 * payloads keep their bytes, the header tells an envelope from a former text or binary payload, and damage is
 * refused naming the subject and the field.
 */
class EnvelopeTest {

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void everyFieldTypeReadsBackAsWritten() throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        double[] doubles = new double[200];
        for (int i = 0; i < doubles.length; i++) {
            doubles[i] = Double.longBitsToDouble(random.nextLong());
        }
        double[] special = {0.0, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, 1.0, 0.1, 1e-300, Double.NaN,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        Map<String, String> map = new LinkedHashMap<>();
        map.put("z", "last letter");
        map.put("a", "tab\tand line\nbreak");
        PayloadWriter w = PayloadWriter.envelope("stepcast-test", 3).text("name", "µ \"quoted\"").integer("count", 42)
                .integer("big", Long.MAX_VALUE).number("x", 0.30000000000000004).flag("on", true)
                .numbers("random", doubles).numbers("special", special).texts("words", List.of("b", "a"))
                .textMap("map", map).binary("blob", new byte[] {0, -1, 7});
        w.object("nested").number("y", -2.5);
        w.element("items").integer("i", 0);
        w.element("items").integer("i", 1);
        w.emptyList("none");
        byte[] bytes = w.bytes();

        PayloadReader r = PayloadReader.open(bytes, "corrupt test payload", "stepcast-test", 1, 3);
        assertThat(r.version()).isEqualTo(3);
        assertThat(r.text("name")).isEqualTo("µ \"quoted\"");
        assertThat(r.integer("count")).isEqualTo(42);
        assertThat(r.longInteger("big")).isEqualTo(Long.MAX_VALUE);
        assertThat(Double.doubleToRawLongBits(r.number("x"))).isEqualTo(Double.doubleToRawLongBits(0.30000000000000004));
        assertThat(r.flag("on")).isTrue();
        double[] back = r.numbers("random");
        for (int i = 0; i < doubles.length; i++) {
            assertThat(Double.doubleToLongBits(back[i])).as("double " + i).isEqualTo(Double.doubleToLongBits(doubles[i]));
        }
        double[] specialBack = r.numbers("special");
        for (int i = 0; i < special.length; i++) {
            assertThat(Double.doubleToRawLongBits(specialBack[i])).as("special " + i)
                    .isEqualTo(Double.doubleToRawLongBits(special[i]));
        }
        assertThat(r.texts("words")).containsExactly("b", "a");
        assertThat(r.textMap("map")).containsExactly(Map.entry("z", "last letter"),
                Map.entry("a", "tab\tand line\nbreak"));
        assertThat(r.binary("blob")).containsExactly(0, -1, 7);
        assertThat(r.object("nested").number("y")).isEqualTo(-2.5);
        assertThat(r.elements("items")).extracting(e -> e.integer("i")).containsExactly(0, 1);
        assertThat(r.elements("none")).isEmpty();
        assertThat(r.elements("absent")).isEmpty();
        assertThat(r.has("name")).isTrue();
        assertThat(r.has("absent")).isFalse();
        assertThat(PayloadReader.open(w.prettyBytes(), "t", "stepcast-test", 3, 3).numbers("random")).isEqualTo(back);
    }

    @Test
    void anEmbeddedEnvelopeStaysAnObjectAndOtherBytesBase64AndBothComeBackAsTheirCanonicalBytes() throws IOException {
        byte[] inner = PayloadWriter.envelope("inner", 1).number("v", 1.5).bytes();
        byte[] former = utf8("stepcast-coefficients v1 pollux 1\ng 1.0\n");
        byte[] spaced = utf8("  { \"format\" : \"inner\", \"version\" : 1, \"v\" : 1.5 }");
        byte[] outer = PayloadWriter.envelope("outer", 1).embed("a", inner).embed("b", former).embed("c", spaced)
                .bytes();
        assertThat(new String(outer, StandardCharsets.UTF_8)).contains("\"a\":{\"format\":\"inner\"");
        PayloadReader r = PayloadReader.open(outer, "t", "outer", 1, 1);
        assertThat(r.embedded("a")).isEqualTo(inner).isEqualTo(PayloadWriter.canonical(inner));
        assertThat(r.embedded("b")).isEqualTo(former).isEqualTo(PayloadWriter.canonical(former));
        assertThat(r.embedded("c")).isEqualTo(inner).isEqualTo(PayloadWriter.canonical(spaced));
    }

    @Test
    void theHeaderTellsAnEnvelopeFromAFormerPayload() {
        assertThat(EnvelopeHeader.of(PayloadWriter.envelope("f", 2).text("x", "y").bytes()))
                .contains(new EnvelopeHeader("f", 2));
        assertThat(EnvelopeHeader.of(utf8("{\"x\": {\"format\": \"inner\", \"version\": 1}, \"version\": 4,"
                + " \"format\": \"late\"}"))).contains(new EnvelopeHeader("late", 4));
        assertThat(EnvelopeHeader.of(utf8("stepcast-conformal v1\ncoverage 0.9\n"))).isEmpty();
        assertThat(EnvelopeHeader.of(new byte[] {0, 11, 's', 't'})).isEmpty();
        assertThat(EnvelopeHeader.of(new byte[0])).isEmpty();
        assertThat(EnvelopeHeader.of(utf8("{\"format\": \"f\"}"))).isEmpty();
        assertThat(EnvelopeHeader.of(utf8("{\"format\": \"f\", \"version\": 0}"))).isEmpty();
        assertThat(EnvelopeHeader.of(utf8("{\"format\": \"f\", \"vers"))).isEmpty();
    }

    @Test
    void anotherFormatAnUnknownVersionAndDamageAreRefusedNamingTheSubjectAndTheField() throws IOException {
        byte[] good = PayloadWriter.envelope("f", 2).number("x", 1).bytes();
        assertThatThrownBy(() -> PayloadReader.open(good, "corrupt p payload", "g", 1, 2))
                .hasMessage("corrupt p payload: a 'f' envelope, not 'g'");
        assertThatThrownBy(() -> PayloadReader.open(good, "m.json", "f", 1, 1))
                .hasMessage("m.json: f version 2 is not supported (this stepcast reads version 1)");
        assertThatThrownBy(() -> PayloadReader.open(utf8("{\"format\":\"f\",\"version\":2,\"x\":1,\"x\":2}"), "s",
                "f", 2, 2)).hasMessageStartingWith("s: not valid JSON (Duplicate field 'x'").hasMessageContaining("line 1");
        assertThatThrownBy(() -> PayloadReader.open(utf8("{\"format\":\"f\",\"version\":2} trailing"), "s", "f", 2,
                2)).hasMessageStartingWith("s: not valid JSON");
        assertThatThrownBy(() -> PayloadReader.open(utf8("[1, 2]"), "s", "f", 2, 2))
                .hasMessage("s: not a 'f' envelope (no 'format' and 'version' fields)");
        PayloadWriter w = PayloadWriter.envelope("f", 1).text("t", "x").numbers("n", new double[] {1});
        w.object("o").element("list").text("v", "not a number");
        assertThatThrownBy(() -> open(w).number("t")).hasMessage("s: field 't' is not a number");
        assertThatThrownBy(() -> open(w).text("missing")).hasMessage("s: field 'missing' is missing");
        assertThatThrownBy(() -> open(w).object("o").elements("list").get(0).number("v"))
                .hasMessage("s: field 'o/list[0]/v' is not a number");
        assertThatThrownBy(() -> open(w).texts("n")).hasMessage("s: field 'n[0]' is not a string");
        assertThatThrownBy(() -> open(w).integer("n")).hasMessage("s: field 'n' is not a whole number");
        assertThatThrownBy(() -> open(w).binary("t")).hasMessage("s: field 't' is not Base64");
        assertThat(open(w).object("o").corrupt("list", "too short")).hasMessage("s: field 'o/list': too short");
        assertThatThrownBy(() -> w.text("t", "again")).isInstanceOf(IllegalStateException.class);
    }

    private static PayloadReader open(PayloadWriter w) throws IOException {
        return PayloadReader.open(w.bytes(), "s", "f", 1, 1);
    }

    @Test
    void theBinaryHeaderIsReadWhenPresentAndBytesWithoutItAreLeftAlone() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(b);
        new EnvelopeHeader("stepcast-suite-result", 1).writeTo(out);
        out.writeDouble(1.25);
        ByteArrayInputStream in = new ByteArrayInputStream(b.toByteArray());
        assertThat(EnvelopeHeader.readFrom(in, "stepcast-suite-result")).contains(new EnvelopeHeader("stepcast-suite-result", 1));
        assertThat(new java.io.DataInputStream(in).readDouble()).isEqualTo(1.25);

        ByteArrayOutputStream bare = new ByteArrayOutputStream();
        new DataOutputStream(bare).writeDouble(1.25);
        ByteArrayInputStream legacy = new ByteArrayInputStream(bare.toByteArray());
        assertThat(EnvelopeHeader.readFrom(legacy, "stepcast-suite-result")).isEqualTo(Optional.empty());
        assertThat(new java.io.DataInputStream(legacy).readDouble()).isEqualTo(1.25);
        assertThatThrownBy(() -> new EnvelopeHeader(" ", 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new EnvelopeHeader("f", 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
