package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportedObservations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A CSV whose stated link bandwidth is above its hardware's links is read as stated, with one note naming the line. */
class StatedLinkNoteTest {
    @TempDir
    Path dir;

    @Test
    void aLinkAboveTheHardwaresIsNotedOnceWithItsFirstLine() throws Exception {
        // Synthetic rows, not measurements: a DGX A100 GPU sends at most 2,400 Gbit/s over its NVSwitch links.
        Path f = Files.writeString(dir.resolve("synthetic-links.csv"), """
                # Synthetic rows, not measurements
                model,architecture,workers,nodes,local_batch,hardware,intra_node_gbps,step_time_s
                ResNet-50,ALLREDUCE,8,1,256,dgx-a100,2000,0.5
                ResNet-50,ALLREDUCE,8,1,128,dgx-a100,5000,0.3
                ResNet-50,ALLREDUCE,8,1,64,dgx-a100,5000,0.2
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.observations()).hasSize(3);
        assertThat(r.observations().get(1).config().deployment().intraNodeGbps()).hasValue(5000);
        assertThat(r.notes()).filteredOn(n -> n.contains("intra_node_gbps")).containsExactly(
                "line 4: column intra_node_gbps 5000 is above what a GPU of dgx-a100 can send over its nvswitch-2 links "
                        + "(2400 Gbit/s per direction); it is used as stated");
    }
}
