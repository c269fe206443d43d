package io.stepcast.datasets.importers;

import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Target;
import io.stepcast.datasets.SharedData;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class VtrainImporterTest {
    @TempDir
    Path dir;

    @Test
    void readsTheRealTableWithItsLayouts() throws IOException {
        List<Observation> all = new VtrainImporter().read(SharedData.of("vtrain")).observations();
        assertThat(all).hasSize(1440);
        Observation first = all.get(0);
        // First data row: 2,16,8,1024,16,24,1024,1,1,2,372.160408
        assertThat(first.config().model()).isEqualTo("gpt-l24-h1024-a16-s1024-v50304");
        assertThat(first.config().parallel()).contains(new ParallelLayout(1, 2, 1, 8, 2));
        assertThat(first.config().globalBatch()).isEqualTo(16);
        assertThat(first.config().deployment().hardware()).isEqualTo("vtrain-a100");
        assertThat(first.value(Target.STEP_TIME).getAsDouble()).isCloseTo(0.372160408, within(1e-12));
        assertThat(first.tags()).containsEntry("shape", "h1024-l24-a16");
        assertThat(all.stream().map(o -> o.tags().get("shape")).distinct()).hasSize(8);
        assertThat(all).allSatisfy(o -> assertThat(o.config().parallel().orElseThrow().gpus())
                .isEqualTo(o.config().deployment().gpus()));
        assertThat(new ZooCatalog().find(first.config().model())).isPresent();
    }

    @Test
    void aBadRowIsNamedByFileLineAndColumn() throws IOException {
        Path f = dir.resolve(VtrainImporter.FILE);
        Files.writeString(f, VtrainImporter.HEADER + "\n2,16,8,1024,16,24,1024,1,1,2,372.1\n4,16,8,1024,16,24,1024,1,1,2,372.1\n");
        assertThatThrownBy(() -> new VtrainImporter().read(dir)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("ground_truth_single.csv:3").hasMessageContaining("column '# GPUs'");
        Files.writeString(f, VtrainImporter.HEADER + "\n2,12,8,1024,16,24,1024,1,1,2,372.1\n");
        assertThatThrownBy(() -> new VtrainImporter().read(f))
                .hasMessageContaining("ground_truth_single.csv:2: column 'global batch': global batch 12 is not a positive"
                        + " multiple of micro-batch x data = 8 x 1 = 8");
        Files.writeString(f, VtrainImporter.HEADER + "\n2,16,8,1024,16,24,1024,1,1,2,fast\n");
        assertThatThrownBy(() -> new VtrainImporter().read(f))
                .hasMessageContaining(":2: column 'iteration time (ms)': 'fast' is not a number");
        Files.writeString(f, "GPUs,batch\n");
        assertThatThrownBy(() -> new VtrainImporter().read(f)).hasMessageContaining("ground_truth_single.csv:1: expected the header");
    }
}
