package io.stepcast.datasets.timeline;

import io.stepcast.datasets.trace.OpEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TimelineConverterTest {

    @Test
    void aGraphLargerThanTheLimitIsForgottenNotKeptWhole(@TempDir Path dir) throws IOException {
        // a chain of 6 distinct nodes with a limit of 3 remembered nodes (synthetic)
        List<String> ev = new ArrayList<>();
        ev.add(SyntheticTimelines.snapshot("w/read", 1, "requested_bytes: 40"));
        ev.add(SyntheticTimelines.op(0, 1, 0, "w/read", "ReadVariableOp", "w"));
        String prev = "w/read";
        for (int i = 0; i < 5; i++) {
            ev.add(SyntheticTimelines.op(1 + i, 1, 0, "n" + i, "Add", prev));
            prev = "n" + i;
        }
        Path t = Files.writeString(dir.resolve("chain.json"), "{\"traceEvents\":[" + String.join(",", ev) + "]}");
        List<OpEvent> out = new ArrayList<>();
        TimelineConverter c = new TimelineConverter(t.toString(), out::add, 3);
        ChromeTraceReader.read(t, c);
        c.finish();
        assertThat(out).hasSize(6);
        assertThat(out.get(1).requires()).containsExactly("w");
        // after the graph was forgotten, the chain back to the read is lost: an empty requirement, no failure
        assertThat(out.get(5).requires()).isEmpty();
    }
}
