package io.stepcast.profiler.tensorflow;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The TensorFlow 1.x timeline port on synthetic step statistics. */
class ChromeTraceTimelineTest {
    private final JsonNode trace = ChromeTraceTimeline.of(SyntheticStepStats.fourNodes());

    private List<JsonNode> events(String ph) {
        List<JsonNode> list = new ArrayList<>();
        trace.get("traceEvents").forEach(e -> {
            if (e.get("ph").asText().equals(ph)) {
                list.add(e);
            }
        });
        return list;
    }

    @Test
    void labelsAreParsedAsTensorFlowDoes() {
        assertThat(ChromeTraceTimeline.parseOpLabel("a/b = Conv2D(x, w/read)")).containsExactly("Conv2D", "x", "w/read");
        assertThat(ChromeTraceTimeline.parseOpLabel("c = Const()")).containsExactly("Const");
        assertThat(ChromeTraceTimeline.parseOpLabel("[mklcpu 0.1MB 0.1MB] m = _MklMatMul(a, b)"))
                .containsExactly("_MklMatMul", "a", "b");
        assertThat(ChromeTraceTimeline.parseOpLabel("t = NoOp(^u, ^v)")).containsExactly("NoOp", "^u", "^v");
        assertThat(ChromeTraceTimeline.parseOpLabel("garbage")).containsExactly("unknown");
    }

    @Test
    void opsBecomeCompleteEventsWithNodeOpAndInputs() {
        List<JsonNode> ops = events("X");
        assertThat(ops).extracting(e -> e.get("name").asText())
                .containsExactly("ReadVariableOp", "_MklNativeConv2D", "Identity", "unknown");
        JsonNode conv = ops.get(1);
        assertThat(conv.get("ts").asLong()).isEqualTo(110);
        assertThat(conv.get("dur").asLong()).isEqualTo(100);
        assertThat(conv.get("pid").asInt()).isEqualTo(1);
        assertThat(conv.at("/args/name").asText()).isEqualTo("conv");
        assertThat(conv.at("/args/op").asText()).isEqualTo("_MklNativeConv2D");
        assertThat(conv.at("/args/input0").asText()).isEqualTo("x");
        assertThat(conv.at("/args/input1").asText()).isEqualTo("w/read");
    }

    @Test
    void overlappingOpsGoToSeparateLanes() {
        List<JsonNode> ops = events("X");
        assertThat(ops).extracting(e -> e.get("tid").asInt()).containsExactly(0, 0, 1, 0);
    }

    @Test
    void processesAreNamedBeforeAnyEvent() {
        List<JsonNode> all = new ArrayList<>();
        trace.get("traceEvents").forEach(all::add);
        assertThat(all.subList(0, 3)).extracting(e -> e.at("/args/name").asText()).containsExactly(
                "Allocators", SyntheticStepStats.DEVICE + " Compute", SyntheticStepStats.DEVICE + " Tensors");
        assertThat(all.subList(3, 5)).extracting(e -> e.get("name").asText()).containsOnly("thread_name");
        assertThat(all.get(5).get("ph").asText()).isNotEqualTo("M");
    }

    @Test
    void everyOutputGetsASnapshotWithItsBytes() {
        List<JsonNode> snapshots = events("O");
        assertThat(snapshots).extracting(e -> e.get("name").asText()).containsExactly("w/read", "conv", "side");
        assertThat(snapshots.get(0).at("/args/snapshot/tensor_description").asText()).contains("requested_bytes: 600")
                .doesNotContain("allocated_bytes");
        assertThat(snapshots.get(1).at("/args/snapshot/tensor_description").asText())
                .contains("allocated_bytes: 4096").contains("allocator_name: mklcpu");
        // The snapshot is taken one microsecond before the op ends, on the Tensors process.
        assertThat(snapshots.get(1).get("ts").asLong()).isEqualTo(209);
        assertThat(snapshots.get(1).get("pid").asInt()).isEqualTo(2);
    }

    @Test
    void dataFlowsAcrossLanesAndStripsPartitionSuffixes() {
        List<JsonNode> starts = events("s");
        List<JsonNode> ends = events("t");
        // Only "side" (lane 1) reads a tensor made on another lane: conv, through the "conv/_3" Recv name.
        assertThat(starts).hasSize(1);
        assertThat(starts.get(0).get("name").asText()).isEqualTo("conv");
        assertThat(starts.get(0).get("ts").asLong()).isEqualTo(210);
        assertThat(ends.get(0).get("ts").asLong()).isEqualTo(150);
        assertThat(ends.get(0).get("tid").asInt()).isEqualTo(1);
        assertThat(starts.get(0).get("id")).isEqualTo(ends.get(0).get("id"));
    }

    @Test
    void memoryCountersFollowAllocationsAndFrees() {
        List<JsonNode> counters = events("C");
        assertThat(counters).allSatisfy(c -> assertThat(c.get("name").asText()).isEqualTo("mklcpu"));
        long peak = counters.stream().mapToLong(c -> c.at("/args/mklcpu").asLong()).max().orElseThrow();
        assertThat(peak).isEqualTo(600 + 4096);
        assertThat(counters.get(counters.size() - 1).at("/args/mklcpu").asLong()).isZero();
        assertThat(events("D")).hasSize(3);
    }
}
