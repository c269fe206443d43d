package io.stepcast.datasets.memory;

import io.stepcast.api.ParallelLayout;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The embedded peak-memory table reads as the layouts its header states; a bad row names its file and line. */
class PeakMemoryTablesTest {
    @Test
    void theMegatronCiTableHoldsItsThreeEightGpuLayouts() {
        List<MeasuredPeakMemory> runs = PeakMemoryTables.embedded(PeakMemoryTables.MEGATRON_CI);
        assertThat(runs).hasSize(3);
        assertThat(runs).allSatisfy(r -> {
            ParallelLayout l = r.config().parallel().orElseThrow();
            assertThat(l.gpus()).isEqualTo(8);
            assertThat(l.microBatch() * l.microBatches() * l.data()).isEqualTo(32);
            assertThat(r.config().deployment().hardware()).isEqualTo("dgx-a100");
        });
        ParallelLayout first = runs.get(0).config().parallel().orElseThrow();
        assertThat(List.of(first.tensor(), first.pipeline(), first.data(), first.microBatches()))
                .containsExactly(1, 2, 4, 2);
        assertThat(runs.get(0).peakBytes()).isEqualTo(3632653312.0);
    }

    @Test
    void aTableIsFoundByItsShortNameAndATypoNamesTheClosest() {
        assertThat(PeakMemoryTables.named(PeakMemoryTables.MEGATRON_LM_CI))
                .isEqualTo(PeakMemoryTables.embedded(PeakMemoryTables.MEGATRON_CI));
        assertThatThrownBy(() -> PeakMemoryTables.named("megatron-ci"))
                .hasMessage("no embedded peak-memory table 'megatron-ci': did you mean megatron-lm-ci? (embedded:"
                        + " megatron-lm-ci)");
    }

    @Test
    void aBadRowNamesTheFileAndLine() {
        String text = "# synthetic\n" + "model,tensor_parallel,pipeline_parallel,data_parallel,micro_batch,"
                + "global_batch,precision,hardware,peak_memory_bytes,source\n"
                + "gpt-l2-h64-a2-s16-v128,1,1,3,4,32,bf16,dgx-a100,1e9,synthetic\n";
        assertThatThrownBy(() -> PeakMemoryTables.read("synthetic.csv", new BufferedReader(new StringReader(text))))
                .hasMessageStartingWith("synthetic.csv line 3: global batch 32 is not a positive multiple");
    }
}
