package io.stepcast.datasets.plugin;

import io.stepcast.api.plugin.FileHead;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileReader;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class DatasetsPluginTest {

    @Test
    void serviceLoaderFindsThePluginAndItsServices() {
        PluginRegistry registry = PluginRegistry.discover();
        assertThat(registry.service(ProfileSource.class)).get().isInstanceOf(DefaultProfileSource.class);
        assertThat(registry.service(ObservationCatalog.class)).get().isInstanceOf(DefaultObservationCatalog.class);
        assertThat(registry.service(ProfileSource.class).orElseThrow().parameterBytes("imagenet").getAsLong())
                .isEqualTo(25557032L * 4);
        assertThat(registry.service(ModelCatalog.class)).get().isInstanceOf(ZooCatalog.class);
        assertThat(registry.service(ModelCatalog.class).orElseThrow().get("bert").parameters()).isEqualTo(109_482_240L);
    }

    @Test
    void everyImporterAndTheTimelineReaderAreRegisteredByName() {
        PluginRegistry registry = PluginRegistry.discover();
        assertThat(registry.importers().keySet()).containsExactly("pollux", "gavel", "tf-benchmarks", "foreign-tables",
                "foreign-multinode", "dle-resnet50-pytorch", "dle-bert-dgxa100", "dle-transformerxl-pytorch",
                "dle-transformerxl-dgx2h", "dle-resnet50-mxnet", "dle-bert-tf-1903", "dle-efficientnet-b4-tf2",
                "dle-resnet50-tf1", "dle-bert-pytorch-multinode", "courier", "tf-cpu-profiles", "nccl-tests", "vtrain",
                "bigdl-log", "nccl-tests-log", "mlperf-log", "csv");
        assertThat(registry.importers().values()).allSatisfy(i -> assertThat(i.description()).isNotBlank());
        assertThat(registry.profileReaders().keySet()).containsExactly("kineto", "tf-timeline");
    }

    @Test
    void theTimelineReaderDetectsChromeTracesOnly() {
        ProfileReader tf = PluginRegistry.discover().profileReaders().get("tf-timeline");
        assertThat(tf.detect(head("run.json.gz", "{}"))).isTrue();
        assertThat(tf.detect(head("trace.txt", "  {\"traceEvents\": []}"))).isTrue();
        assertThat(tf.detect(head("steps.csv", "model,workers\n"))).isFalse();
        assertThat(tf.detect(head("optrace.parquet", "PAR1"))).isFalse();
    }

    private static FileHead head(String name, String text) {
        return new FileHead(name, text.getBytes(StandardCharsets.UTF_8));
    }
}
