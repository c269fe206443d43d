package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.io.DataFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The nodes of a row on a catalogued GPU system: without a {@code nodes} column its GPUs fill the system's nodes (a
 * DGX-1 has 8), and a row that puts more GPUs on a node than the system has is refused, naming the columns (the
 * predictors without links answered it; serve too).
 */
class NodeRoomTest {
    @TempDir
    Path dir;

    @Test
    void withoutNodesTheGpusFillTheSystemsNodes() throws Exception {
        // Synthetic rows, not measurements.
        Path f = Files.writeString(dir.resolve("synthetic-nodes.csv"), """
                model,architecture,workers,local_batch,hardware,step_time_s
                ResNet-50,ALLREDUCE,8,64,dgx-1-v100,0.3
                ResNet-50,ALLREDUCE,16,64,dgx-1-v100,0.3
                ResNet-50,ALLREDUCE,20,64,dgx-1-v100,0.3
                ResNet-50,ALLREDUCE,16,64,V100,0.3
                ResNet-50,ALLREDUCE,4,64,courier-gce-worker,0.3
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.observations()).extracting(o -> o.config().deployment().nodes()).containsExactly(1, 2, 3, 1, 1);
    }

    @Test
    void moreGpusOnANodeThanTheSystemHasAreRefused() throws Exception {
        Path f = Files.writeString(dir.resolve("synthetic-crowded.csv"), """
                model,architecture,workers,nodes,local_batch,hardware,step_time_s
                ResNet-50,ALLREDUCE,8,1,64,dgx-1-v100,0.3
                ResNet-50,ALLREDUCE,16,1,64,dgx-1-v100,0.3
                """);
        assertThatThrownBy(() -> new GenericCsvImporter().read(f)).isInstanceOf(DataFormatException.class)
                .hasMessageEndingWith("synthetic-crowded.csv:3: columns workers and nodes: 16 GPUs on 1 node(s) of "
                        + "dgx-1-v100 put 16 on one node, which has 8");
        // The row's own gpus_per_node (a node the catalog does not describe) is its to state.
        Path own = Files.writeString(dir.resolve("synthetic-own-nodes.csv"), """
                model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,step_time_s
                ResNet-50,ALLREDUCE,16,1,16,64,dgx-1-v100,0.3
                """);
        assertThat(new GenericCsvImporter().read(own).observations()).hasSize(1);
    }
}
