package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.datasets.SharedData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TfBenchmarksImporterTest {

    @Test
    void readsTheEightyPublishedNumbers() throws IOException {
        List<Observation> obs = new TfBenchmarksImporter().read(SharedData.of("tf-benchmarks")).observations();
        assertThat(obs).hasSize(80);
        assertThat(obs.stream().filter(o -> o.tag("platform", "").equals("aws-distributed"))).hasSize(25);
        assertThat(obs.stream().filter(o -> o.config().deployment().architecture() == Architecture.ALLREDUCE))
                .hasSize(24);
    }

    @Test
    void embeddedCopyEqualsTheDataFolder() throws IOException {
        assertThat(new TfBenchmarksImporter().readEmbedded().observations())
                .isEqualTo(new TfBenchmarksImporter().read(SharedData.of("tf-benchmarks")).observations());
    }

    @Test
    void mapsSingleServerAndDistributedRows() throws IOException {
        List<Observation> obs = new TfBenchmarksImporter().readEmbedded().observations();
        Observation inception = obs.get(0);
        assertThat(inception.config().model()).isEqualTo("InceptionV3");
        assertThat(inception.config().deployment().architecture()).isEqualTo(Architecture.SYNC_PS);
        assertThat(inception.config().deployment().parameterServers()).isEqualTo(1);
        assertThat(inception.config().deployment().colocatedPs()).isTrue();
        assertThat(inception.config().deployment().hardware()).isEqualTo("K80");
        assertThat(inception.config().deployment().bandwidthGbps().getAsDouble()).isEqualTo(10.0);
        assertThat(inception.value(Target.THROUGHPUT).getAsDouble()).isEqualTo(30.8);
        assertThat(inception.tags()).containsEntry("local_parameter_device", "cpu").containsEntry("data", "synthetic");

        Observation resnet = obs.get(1);
        assertThat(resnet.config().deployment().architecture()).isEqualTo(Architecture.ALLREDUCE);
        assertThat(resnet.config().deployment().parameterServers()).isZero();

        Observation big = obs.stream().filter(o -> o.config().model().equals("ResNet-50") && o.config().workers() == 64
                && o.config().localBatch() == 64).findFirst().orElseThrow();
        assertThat(big.config().deployment().nodes()).isEqualTo(8);
        assertThat(big.config().deployment().parameterServers()).isEqualTo(8);
        assertThat(big.value(Target.THROUGHPUT).getAsDouble()).isEqualTo(2744.0);
        assertThat(big.value(Target.STEP_TIME).getAsDouble()).isEqualTo(64.0 * 64 / 2744.0);
        assertThat(big.tags()).doesNotContainKey("local_parameter_device");
    }

    @Test
    void variablesOnTheGpusAreOneShardPerGpu() throws IOException {
        List<Observation> vgg = new TfBenchmarksImporter().readEmbedded().observations().stream()
                .filter(o -> o.config().model().equals("VGG16")).toList();
        assertThat(vgg).isNotEmpty().allSatisfy(o -> {
            assertThat(o.tags()).containsEntry("local_parameter_device", "gpu");
            assertThat(o.config().deployment().parameterServers()).isEqualTo(o.config().workers());
            assertThat(o.config().deployment().nodes()).isEqualTo(1);
        });
        assertThat(vgg).extracting(o -> o.config().workers()).contains(1, 8);
    }
}
