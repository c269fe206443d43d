package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Precision;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.io.DataFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A parameter-server row that states its precision stays a parameter-server job (it was read as all-reduce: the
 * precision made a layout, and a layout forced all-reduce); one whose layout columns split a replica is refused.
 */
class ParameterServerPrecisionTest {
    @TempDir
    Path dir;

    @Test
    void aParameterServerRowKeepsItsArchitectureAndItsPrecision() throws Exception {
        // Synthetic rows, not measurements.
        Path f = Files.writeString(dir.resolve("synthetic-ps.csv"), """
                model,architecture,workers,nodes,local_batch,parameter_servers,precision,hardware,throughput_samples_s
                ResNet-50,SYNC_PS,8,1,64,2,fp16,dgx-1-v100,2000
                ResNet-50,SYNC_PS,8,1,64,2,fp32,dgx-1-v100,900
                ResNet-50,ALLREDUCE,8,1,64,,fp32,dgx-1-v100,1000
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        Config fp16 = r.observations().get(0).config();
        assertThat(fp16.deployment().architecture()).isEqualTo(Architecture.SYNC_PS);
        assertThat(fp16.deployment().parameterServers()).isEqualTo(2);
        assertThat(fp16.workers()).isEqualTo(8);
        assertThat(fp16.localBatch()).isEqualTo(64);
        assertThat(fp16.statedPrecision()).contains(Precision.FP16);
        assertThat(r.observations().get(1).config().statedPrecision()).contains(Precision.FP32);
        assertThat(r.observations().get(2).config().deployment().architecture()).isEqualTo(Architecture.ALLREDUCE);
    }

    @Test
    void aParameterServerRowSplittingItsReplicaIsRefusedNamingTheColumns() throws Exception {
        Path f = Files.writeString(dir.resolve("synthetic-ps-tp.csv"), """
                model,architecture,workers,local_batch,tensor_parallel,hardware,step_time_s
                gpt-l24-h2048-a16-s2048-v50304,SYNC_PS,8,8,2,dgx-a100,1.0
                """);
        assertThatThrownBy(() -> new GenericCsvImporter().read(f)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("synthetic-ps-tp.csv:2: column 'architecture' is SYNC_PS, but the layout columns "
                        + "split a replica over several GPUs");
    }
}
