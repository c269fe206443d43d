package io.stepcast.api;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParallelLayoutTest {

    @Test
    void aLayoutDescribesTheWholeJob() {
        ParallelLayout p = ParallelLayout.ofGlobalBatch(2, 2, 2, 4, 32);
        assertThat(p.microBatches()).isEqualTo(4);
        assertThat(p.gpus()).isEqualTo(8);
        Config c = Config.builder().model("gpt-l24-h1024-a16-s1024-v50304").parallel(p).build();
        assertThat(c.workers()).isEqualTo(2);
        assertThat(c.deployment().devicesPerWorker()).isEqualTo(4);
        assertThat(c.deployment().gpus()).isEqualTo(8);
        assertThat(c.localBatch()).isEqualTo(16);
        assertThat(c.globalBatch()).isEqualTo(32);
        assertThat(c.parallel()).contains(p);
        assertThat(c.toBuilder().build()).isEqualTo(c);
    }

    @Test
    void aPlainDataParallelJobHasNoLayout() {
        Config c = Config.builder().model("ResNet-50").workers(4).localBatch(32).build();
        assertThat(c.parallel()).isEmpty();
    }

    @Test
    void theGlobalBatchMustDivideByMicroBatchTimesData() {
        assertThatThrownBy(() -> ParallelLayout.ofGlobalBatch(1, 1, 4, 8, 48))
                .hasMessage("global batch 48 is not a positive multiple of micro-batch x data = 8 x 4 = 32");
    }

    @Test
    void theLayoutMustCoverTheDeploymentsGpus() {
        ParallelLayout p = new ParallelLayout(2, 2, 2, 1, 4);
        assertThatThrownBy(() -> new Deployment(Architecture.ALLREDUCE, 2, 0, 1, 2, 1, false,
                OptionalDouble.empty(), "vtrain-a100", Optional.of(p)))
                .hasMessage("tensor x pipeline x data = 2 x 2 x 2 = 8 must equal the GPUs (workers x devices_per_worker"
                        + " = 2 x 2 = 4)");
        assertThatThrownBy(() -> new Deployment(Architecture.SYNC_PS, 2, 1, 1, 4, 1, false,
                OptionalDouble.empty(), "x", Optional.of(p)))
                .hasMessageContaining("needs the ALLREDUCE architecture");
        Deployment d = new Deployment(Architecture.ALLREDUCE, 2, 0, 1, 4, 1, false, OptionalDouble.empty(),
                "x", Optional.of(p));
        assertThatThrownBy(() -> new Config(Workload.of("gpt"), d, 8))
                .hasMessage("global batch 16 must equal micro-batch x micro-batches x data = 1 x 4 x 2 = 8");
        assertThatThrownBy(() -> new ParallelLayout(0, 1, 1, 1, 1)).hasMessageContaining("tensor_parallel");
    }
}
