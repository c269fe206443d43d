package io.stepcast.datasets.timeline;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FieldNamesTest {
    /** The field names of each object of a JSON array, as {@link FieldNames} reports them (unknown ones by name). */
    private static List<List<String>> fields(FieldNames names, String json) throws IOException {
        List<List<String>> objects = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(json)) {
            assertThat(p.nextToken()).isEqualTo(JsonToken.START_ARRAY);
            while (p.nextToken() == JsonToken.START_OBJECT) {
                List<String> seen = new ArrayList<>();
                for (int f = names.next(p, FieldNames.END); f != FieldNames.END; f = names.next(p, f)) {
                    seen.add(f == FieldNames.OTHER ? "?" + p.currentName() : names.name(f));
                    if (f >= 0) {
                        // a guessed name must be the one Jackson reports, not only the one guessed
                        assertThat(p.currentName()).isEqualTo(names.name(f));
                    }
                    p.nextToken();
                    p.skipChildren();
                }
                objects.add(seen);
            }
        }
        return objects;
    }

    @Test
    void guessesRightAndWrongGiveTheFieldsInFileOrder() throws IOException {
        FieldNames names = new FieldNames("ph", "name", "ts", "args");
        String json = "[{\"ph\":\"X\",\"name\":\"a\",\"ts\":1,\"args\":{\"x\":[1,{\"ph\":2}]}},"
                + "{\"ph\":\"X\",\"name\":\"b\",\"ts\":2,\"args\":{}},"
                + "{\"name\":\"c\",\"ph\":\"M\",\"cat\":\"x\",\"args\":{}},"
                + "{\"ts\":3,\"zz\":1,\"ph\":\"O\"},"
                + "{},"
                + "{\"ph\":\"X\",\"name\":\"d\",\"ts\":4,\"args\":{}}]";
        assertThat(fields(names, json)).containsExactly(
                List.of("ph", "name", "ts", "args"),
                List.of("ph", "name", "ts", "args"),
                List.of("name", "ph", "?cat", "args"),
                List.of("ts", "?zz", "ph"),
                List.of(),
                List.of("ph", "name", "ts", "args"));
    }

    @Test
    void aNameThatOnlyStartsLikeTheGuessIsNotTakenForIt() throws IOException {
        FieldNames names = new FieldNames("ph", "name");
        assertThat(fields(names, "[{\"ph\":1,\"name\":2},{\"ph\":1,\"names\":2},{\"ph\":1,\"nam\":2}]"))
                .containsExactly(List.of("ph", "name"), List.of("ph", "?names"), List.of("ph", "?nam"));
    }
}
