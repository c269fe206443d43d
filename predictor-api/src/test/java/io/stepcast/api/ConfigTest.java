package io.stepcast.api;

import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigTest {

    private static Config.Builder resnet() {
        return Config.builder().model("ResNet-50").localBatch(64).workers(8).nodes(2);
    }

    @Test
    void globalBatchIsLocalTimesWorkers() {
        assertThat(resnet().build().globalBatch()).isEqualTo(512);
    }

    @Test
    void theBatchBlankedTextIsTheConfigurationAtBatchOneEvenUnderAParallelLayout() {
        Config plain = resnet().build();
        assertThat(plain.batchBlanked()).isEqualTo(plain.withLocalBatch(1).toString());
        // TP 2 x PP 2 x DP 2, micro-batch 2, global batch 16: the layout fixes the local batch at 8.
        Config megatron = Config.builder().model("gpt").hardware("vtrain-a100")
                .parallel(ParallelLayout.builderForGlobalBatch(2, 2, 2, 2, 16).build()).build();
        assertThatThrownBy(() -> megatron.withLocalBatch(1)).isInstanceOf(IllegalArgumentException.class);
        // The layout's micro-batch and micro-batches make up the local batch: blanked with it, so that the same job at
        // another global batch (or a one-stage layout a stated precision carries) is the same job.
        assertThat(megatron.batchBlanked()).endsWith("localBatch=1]").contains("microBatch=1, microBatches=1")
                .isEqualTo(Config.builder().model("gpt").hardware("vtrain-a100")
                        .parallel(ParallelLayout.builderForGlobalBatch(2, 2, 2, 1, 2).build()).build().batchBlanked());
        Config bigger = Config.builder().model("gpt").hardware("vtrain-a100")
                .parallel(ParallelLayout.builderForGlobalBatch(2, 2, 2, 2, 64).build()).build();
        assertThat(bigger.batchBlanked()).isEqualTo(megatron.batchBlanked());
    }

    @Test
    void zeroBatchIsRefusedNamingTheField() {
        assertThatThrownBy(() -> resnet().localBatch(0).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("local_batch");
    }

    @Test
    void negativeCountsAreRefusedNamingTheField() {
        assertThatThrownBy(() -> resnet().workers(-1).build()).hasMessageContaining("workers");
        assertThatThrownBy(() -> resnet().tenants(0).build()).hasMessageContaining("tenants");
        assertThatThrownBy(() -> resnet().architecture(Architecture.SYNC_PS).parameterServers(-2).build())
                .hasMessageContaining("parameter_servers");
    }

    @Test
    void nanBandwidthIsRefused() {
        assertThatThrownBy(() -> resnet().bandwidthGbps(Double.NaN).build())
                .hasMessageContaining("bandwidth_gbps").hasMessageContaining("NaN");
    }

    @Test
    void parameterServerArchitecturesGetOneServerByDefaultAndAllReduceNone() {
        assertThat(resnet().architecture(Architecture.ASYNC_PS).build().deployment().parameterServers()).isEqualTo(1);
        assertThat(resnet().build().deployment().parameterServers()).isZero();
        assertThatThrownBy(() -> resnet().parameterServers(2).build()).hasMessageContaining("ALLREDUCE");
    }

    @Test
    void globalBatchIsSplitOverWorkersOrRefused() {
        Config c = resnet().build();
        assertThat(c.withGlobalBatch(256).localBatch()).isEqualTo(32);
        assertThatThrownBy(() -> c.withGlobalBatch(100)).hasMessageContaining("multiple");
    }

    @Test
    void builderRoundTripKeepsEveryField() {
        Config c = resnet().architecture(Architecture.SYNC_PS).parameterServers(4).colocatedPs(true)
                .bandwidthGbps(10).hardware("K80").framework("TensorFlow").dataset("imagenet").parameterBytes(100)
                .tenants(2).devicesPerWorker(1).build();
        assertThat(c.toBuilder().build()).isEqualTo(c);
        assertThat(c.workload().framework()).isEqualTo("tensorflow");
        assertThat(c.deployment().bandwidthGbps()).isEqualTo(OptionalDouble.of(10));
    }
}
