package io.stepcast.profiler.tensorflow;

import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Step statistics to op-trace events, on a synthetic training step. */
class OpTraceEventsTest {
    private final Map<String, OpEvent> events = OpTraceEvents.of(3, SyntheticStepStats.trainingStep()).stream()
            .collect(Collectors.toMap(OpEvent::name, Function.identity()));

    @Test
    void readsAreReceivesOfTheirVariableWithTheReadBytes() {
        OpEvent read = events.get("w/read");
        assertThat(read.category()).isEqualTo(OpCategory.RECEIVE);
        assertThat(read.tensor()).isEqualTo("w");
        assertThat(read.bytes()).isEqualTo(400);
        assertThat(read.step()).isEqualTo(3);
        assertThat(read.startUs()).isEqualTo(12);
        assertThat(read.durationUs()).isEqualTo(2);
    }

    @Test
    void updatesAreSendsProducedByTheirGradientWhenItRan() {
        OpEvent w = events.get("update_w");
        assertThat(w.category()).isEqualTo(OpCategory.SEND);
        assertThat(w.tensor()).isEqualTo("w");
        assertThat(w.bytes()).isEqualTo(400);
        assertThat(w.producer()).isEqualTo("g");
        OpEvent b = events.get("update_b");
        assertThat(b.tensor()).isEqualTo("b");
        assertThat(b.bytes()).isEqualTo(40);
        assertThat(b.producer()).isNull();
    }

    @Test
    void computeOpsRequireTheVariablesTheirInputsDependOn() {
        assertThat(events.get("m").category()).isEqualTo(OpCategory.COMPUTE);
        assertThat(events.get("m").requires()).containsExactly("w");
        assertThat(events.get("y").requires()).containsExactly("b", "w");
        // Control inputs count: g waits for m.
        assertThat(events.get("g").requires()).containsExactly("b", "w");
        assertThat(events.get("w").category()).isEqualTo(OpCategory.OTHER);
    }

    @Test
    void inputNamesLoseControlMarksAndOutputIndices() {
        assertThat(OpTraceEvents.nodeName("^a/b")).isEqualTo("a/b");
        assertThat(OpTraceEvents.nodeName("a/b:1")).isEqualTo("a/b");
        assertThat(OpTraceEvents.nodeName("a/b")).isEqualTo("a/b");
        assertThat(List.copyOf(events.values())).hasSize(8);
    }
}
