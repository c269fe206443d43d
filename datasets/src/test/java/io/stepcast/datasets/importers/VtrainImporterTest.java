package io.stepcast.datasets.importers;

import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Recompute;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.datasets.SharedData;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

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
        assertThat(first.config().parallel()).contains(ParallelLayout.builder(1, 2, 1, 8, 2).build());
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

    @Test
    void aStatedSystemSetsTheHardwareAndTheNodesAndARecomputationTheLayouts() throws IOException {
        Path f = dir.resolve(VtrainImporter.FILE);
        Files.writeString(f, VtrainImporter.HEADER + "\n2,16,8,1024,16,24,1024,1,1,2,372.1\n8,16,2,1024,16,24,1024,2,4,1,99.5\n");
        List<Observation> rows = new VtrainImporter().importFile(f, new ImportOptions(Optional.empty(),
                OptionalInt.empty(), Optional.empty(), 0, Optional.of("dgx-a100+gpus=4"), Optional.of(Recompute.FULL))).observations();
        assertThat(rows).extracting(o -> o.config().deployment().hardware()).containsOnly("dgx-a100+gpus=4");
        assertThat(rows).extracting(o -> o.config().deployment().nodes()).containsExactly(1, 2);
        assertThat(rows).extracting(o -> o.config().parallel().orElseThrow().recompute()).containsOnly(Recompute.FULL);
        // without options: today's vtrain-a100, one node each, no recomputation
        List<Observation> plain = new VtrainImporter().importFile(f, ImportOptions.none()).observations();
        assertThat(plain).extracting(o -> o.config().deployment().hardware()).containsOnly("vtrain-a100");
        assertThat(plain).extracting(o -> o.config().deployment().nodes()).containsOnly(1);
        assertThat(plain).extracting(o -> o.config().parallel().orElseThrow().recompute()).containsOnly(Recompute.NONE);
        assertThatThrownBy(() -> new VtrainImporter().importFile(f, new ImportOptions(Optional.empty(),
                OptionalInt.empty(), Optional.empty(), 0, Optional.of("dgx-a1000"), Optional.empty())))
                .hasMessageStartingWith("--hardware: 'dgx-a1000' is not a system of the embedded hardware catalog "
                        + "(closest: dgx-a100")
                .hasMessageEndingWith("this importer does not read a hardware file)");
        // A link's name is no system, and no system is suggested for it from the links spelled alike.
        assertThatThrownBy(() -> new VtrainImporter().importFile(f, new ImportOptions(Optional.empty(),
                OptionalInt.empty(), Optional.empty(), 0, Optional.of("nvswitch-9"), Optional.empty())))
                .hasMessageNotContaining("nvswitch-1");
    }
}
