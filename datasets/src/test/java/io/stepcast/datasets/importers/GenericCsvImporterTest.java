package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.parquet.ObservationFiles;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GenericCsvImporterTest {
    @TempDir
    Path dir;

    private Path csv(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    /** What reading {@code file} throws. */
    private static AbstractThrowableAssert<?, ? extends Throwable> refused(Path file) {
        return assertThatThrownBy(() -> new GenericCsvImporter().read(file));
    }

    @Test
    void documentedColumnsAndUnknownOnesAsTags() throws IOException {
        Path f = csv("mine.csv", """
                model,architecture,workers,local_batch,step_time_s,gpus_per_node,parameter_servers,bandwidth_gbps,hardware,framework,run_id
                ResNet-50,async-ps,8,32,0.5,4,2,25,V100,TensorFlow,a1
                ResNet-50,ALLREDUCE,8,32,,,,,,,a2
                """);
        // second row has no measurement: refused with its line
        refused(f).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("mine.csv:3").hasMessageContaining("no measurement");

        Path ok = csv("ok.csv", """
                model,architecture,workers,local_batch,step_time_s,gpus_per_node,parameter_servers,bandwidth_gbps,hardware,framework,run_id
                ResNet-50,async-ps,8,32,0.5,4,2,25,V100,TensorFlow,a1
                ResNet-50,ALLREDUCE,1,32,0.25,,,,,,
                """);
        ImportedObservations r = new GenericCsvImporter().read(ok);
        assertThat(r.notes()).containsExactly("unknown column 'run_id' (kept as a tag)");
        Observation o = r.observations().get(0);
        assertThat(o.config().deployment().architecture()).isEqualTo(Architecture.ASYNC_PS);
        assertThat(o.config().deployment().nodes()).isEqualTo(2);
        assertThat(o.config().deployment().parameterServers()).isEqualTo(2);
        assertThat(o.config().deployment().bandwidthGbps().getAsDouble()).isEqualTo(25.0);
        assertThat(o.config().workload().framework()).isEqualTo("tensorflow");
        assertThat(o.value(Target.THROUGHPUT).getAsDouble()).isEqualTo(8 * 32 / 0.5);
        assertThat(o.tags()).containsEntry("run_id", "a1");
        assertThat(o.source()).isEqualTo("csv:ok.csv");
        Observation single = r.observations().get(1);
        assertThat(single.config().deployment().parameterServers()).isZero();
        assertThat(single.tags()).doesNotContainKey("run_id");
    }

    @Test
    void commentLinesAreSkippedAnywhereAndErrorsNameThePhysicalLine() throws IOException {
        // Synthetic rows: a citation on top, a comment between rows (indented), and a bad cell on line 7.
        Path f = csv("commented.csv", """
                # Source: a table's citation, as users put it on top
                model,architecture,workers,local_batch,step_time_s
                ResNet-50,ALLREDUCE,1,32,0.25

                  # the 8-GPU row
                ResNet-50,ALLREDUCE,8,32,0.30
                ResNet-50,ALLREDUCE,x,32,0.31
                """);
        refused(f).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("commented.csv:7:").hasMessageContaining("column 'workers'");
        Path ok = csv("ok.csv", """
                # Source: a table's citation
                model,architecture,workers,local_batch,step_time_s
                ResNet-50,ALLREDUCE,1,32,0.25
                # the 8-GPU row
                ResNet-50,ALLREDUCE,8,32,0.30
                """);
        ImportedObservations r = new GenericCsvImporter().read(ok);
        assertThat(r.observations()).extracting(o -> o.config().workers()).containsExactly(1, 8);
        assertThat(r.notes()).isEmpty();
        assertThat(new GenericCsvImporter().readConfigurations(ok).rows()).hasSize(2);
        Path noModel = csv("nomodel.csv", """
                # Source: a table's citation
                architecture,workers,local_batch,step_time_s
                ALLREDUCE,1,32,0.25
                """);
        refused(noModel).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("nomodel.csv:2: missing column(s) model");
    }

    @Test
    void precisionCellsAsPublishedTablesWriteThem() throws IOException {
        // Synthetic rows with the precision cells a user copied from NVIDIA DeepLearningExamples tables.
        Path f = csv("precisions.csv", """
                model,architecture,workers,local_batch,precision,hardware,throughput_samples_s
                ResNet-50,ALLREDUCE,1,64,FP16,dgx-a100,100
                ResNet-50,ALLREDUCE,1,64,Mixed precision,dgx-a100,100
                ResNet-50,ALLREDUCE,1,64,mixed,dgx-a100,100
                ResNet-50,ALLREDUCE,1,64,AMP,dgx-a100,100
                ResNet-50,ALLREDUCE,1,64,TF32,dgx-a100,100
                ResNet-50,ALLREDUCE,1,64,FP32,dgx-a100,100
                """);
        assertThat(new GenericCsvImporter().read(f).observations())
                .extracting(o -> o.config().statedPrecision().orElseThrow().label())
                .containsExactly("fp16", "fp16", "fp16", "fp16", "tf32", "fp32");
        Path bad = csv("bad-precision.csv", """
                model,architecture,workers,local_batch,precision,hardware,throughput_samples_s
                ResNet-50,ALLREDUCE,1,64,AMP,dgx-a100,100
                ResNet-50,ALLREDUCE,1,64,fp16/amp,dgx-a100,100
                """);
        refused(bad).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("bad-precision.csv:3: column 'precision' must be").hasMessageContaining("'fp16/amp'");
    }

    @Test
    void otherNamesOfDocumentedColumnsAreHinted() throws IOException {
        // Synthetic rows with the column names a user gave an ELECTRA-base table (naive_cols: throughput, step_time,
        // parameters), which are too far from the documented names for the spelling hint.
        Path noMeasurement = csv("naive.csv", """
                model,architecture,workers,local_batch,throughput,step_time,parameters
                ELECTRA-base,ALLREDUCE,1,32,104,,110000000
                """);
        refused(noMeasurement)
                .isInstanceOf(DataFormatException.class)
                .hasMessageContaining("naive.csv:1: no measurement column")
                .hasMessageContaining("; 'throughput' may be throughput_samples_s (in samples/s of the whole job)")
                .hasMessageContaining("; 'step_time' may be step_time_s");
        for (String name : new String[] {"parameters", "params", "num_parameters", "parameter_count"}) {
            Path f = csv(name + ".csv", "model,architecture,workers,local_batch,throughput_samples_s," + name + "\n"
                    + "ELECTRA-base,ALLREDUCE,1,32,104,110000000\n");
            assertThat(new GenericCsvImporter().read(f).notes()).containsExactly("unknown column '" + name
                    + "': did you mean parameter_bytes (parameter_bytes = parameters x bytes per gradient value: 4"
                    + " for FP32 gradients, 2 when the framework exchanges FP16 gradients)? (kept as a tag)");
        }
        Path throughput = csv("throughput.csv", """
                model,architecture,workers,local_batch,step_time_s,throughput
                ELECTRA-base,ALLREDUCE,1,32,0.3,104
                """);
        assertThat(new GenericCsvImporter().read(throughput).notes()).containsExactly("unknown column 'throughput':"
                + " did you mean throughput_samples_s (in samples/s of the whole job)? (kept as a tag)");
    }

    @Test
    void hardwareLabelsAreReadInTheCatalogsWordsAndAnUnknownOneIsReported() throws IOException {
        // Synthetic rows: three spellings of one catalogued system, a misspelling, and no label.
        Path f = csv("labels.csv", """
                model,architecture,workers,local_batch,step_time_s,hardware
                resnet50,allreduce,8,64,0.30,DGX-1
                resnet50,allreduce,16,64,0.31,dgx1
                resnet50,allreduce,32,64,0.33,dgx-one
                resnet50,allreduce,64,64,0.35,dgx-one
                resnet50,allreduce,1,64,0.29,
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.observations()).extracting(o -> o.config().deployment().hardware())
                .containsExactly("dgx-1-v100", "dgx-1-v100", "dgx-one", "dgx-one", "unknown");
        assertThat(r.notes()).containsExactly("line 4: hardware 'dgx-one' is not in the hardware catalog: did you mean"
                + " dgx-1-v100 or dgx-2 or dgx-2h? (kept as written; stepcast hardware list shows the catalog)");
        assertThat(new GenericCsvImporter().readConfigurations(f).rows().get(1).config().deployment().hardware())
                .isEqualTo("dgx-1-v100");
    }

    @Test
    void missingColumnsWrongValuesAndEmptyFilesAreRefused() throws IOException {
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv("a.csv", "model,workers\nx,1\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("a.csv:1")
                .hasMessageContaining("architecture").hasMessageContaining("local_batch");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv("b.csv",
                "model,architecture,workers,local_batch\nx,ALLREDUCE,1,2\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("no measurement column");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv("c.csv",
                "model,architecture,workers,local_batch,step_time_s\nx,ring-of-fire!,1,2,0.1\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("c.csv:2")
                .hasMessageContaining("architecture");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv("d.csv",
                "model,architecture,workers,local_batch,step_time_s\nx,ALLREDUCE,1,2,-0.1\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("d.csv:2")
                .hasMessageContaining("step_time_s");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv("e.csv", "")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("empty");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv("f.csv",
                "model,architecture,workers,local_batch,step_time_s\nx,ALLREDUCE,two,2,0.1\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("f.csv:2")
                .hasMessageContaining("workers");
    }

    @Test
    void aFileOfConfigurationsNeedsNoMeasurementAndKeepsTheOnesItHas() throws IOException {
        Path file = csv("configs.csv", """
                model,architecture,workers,nodes,local_batch,hardware,step_time_s
                ResNet-50,ALLREDUCE,64,8,64,dgx-a100,
                ResNet-50,ALLREDUCE,8,1,64,dgx-a100,0.25
                """);
        GenericCsvImporter.Configurations c = new GenericCsvImporter().readConfigurations(file);
        assertThat(c.rows()).hasSize(2);
        assertThat(c.rows().get(0).config().deployment().nodes()).isEqualTo(8);
        assertThat(c.rows().get(0).measured()).isEmpty();
        assertThat(c.rows().get(1).measured().orElseThrow().value(Target.STEP_TIME, c.rows().get(1).config()))
                .hasValue(0.25);
        assertThat(new GenericCsvImporter().readConfigurations(csv("plain.csv",
                "model,architecture,workers,local_batch\nx,ALLREDUCE,4,32\n")).rows()).hasSize(1);
        // As observations the same file is refused on its unmeasured row; as configurations bad cells still are.
        refused(file).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("configs.csv:2").hasMessageContaining("no measurement in this row");
        assertThatThrownBy(() -> new GenericCsvImporter().readConfigurations(csv("g.csv",
                "model,architecture,workers,local_batch\nx,ALLREDUCE,two,2\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("g.csv:2").hasMessageContaining("workers");
    }

    @Test
    void theIntraNodeBandwidthColumnIsReadWrittenToParquetAndRefusedWhenNotPositive() throws IOException {
        Path f = csv("links.csv", """
                model,architecture,workers,gpus_per_node,local_batch,hardware,intra_node_gbps,bandwidth_gbps,step_time_s
                ResNet-50,ALLREDUCE,8,4,64,A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-25g,180,25,0.3
                ResNet-50,ALLREDUCE,4,4,64,A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-25g,,,0.2
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.notes()).isEmpty();
        assertThat(r.observations().get(0).config().deployment().intraNodeGbps()).hasValue(180.0);
        assertThat(r.observations().get(1).config().deployment().intraNodeGbps()).isEmpty();
        Path parquet = dir.resolve("links.parquet");
        ObservationFiles.write(parquet, r.observations());
        assertThat(ObservationFiles.read(parquet)).isEqualTo(r.observations());
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv("bad.csv", """
                model,architecture,workers,local_batch,intra_node_gbps,step_time_s
                ResNet-50,ALLREDUCE,4,64,0,0.2
                """))).isInstanceOf(DataFormatException.class).hasMessageContaining("bad.csv:2")
                .hasMessageContaining("intra_node_gbps");
    }

    @Test
    void thePlacementColumnSetsTheNodesRoundTripsThroughParquetAndNamesTheLineWhenWrong() throws IOException {
        // Synthetic rows: the shape of Pollux's uneven placements written in a user's CSV.
        Path f = csv("placed.csv", """
                model,architecture,workers,local_batch,placement,hardware,step_time_s
                ResNet-18,ALLREDUCE,10,64,1+2+3+4,T4,0.2
                ResNet-18,ALLREDUCE,10,64,1234,T4,0.2
                ResNet-18,ALLREDUCE,8,64,,T4,0.2
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.notes()).isEmpty();
        assertThat(r.observations().get(0).config().deployment().nodes()).isEqualTo(4);
        assertThat(r.observations().get(0).config()).isEqualTo(r.observations().get(1).config());
        assertThat(r.observations().get(2).config().deployment().placement()).isEmpty();
        Path parquet = dir.resolve("placed.parquet");
        ObservationFiles.write(parquet, r.observations());
        assertThat(ObservationFiles.read(parquet)).isEqualTo(r.observations());
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv("bad.csv", """
                model,architecture,workers,local_batch,placement,step_time_s
                ResNet-18,ALLREDUCE,10,64,4+4,0.2
                """))).isInstanceOf(DataFormatException.class).hasMessageContaining("bad.csv:2")
                .hasMessageContaining("placement: 4+4 has 2 nodes and 8 GPUs");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv("bad2.csv", """
                model,architecture,workers,local_batch,placement,step_time_s
                ResNet-18,ALLREDUCE,10,64,4;6,0.2
                """))).isInstanceOf(DataFormatException.class).hasMessageContaining("bad2.csv:2")
                .hasMessageContaining("column 'placement'");
    }

    /** Synthetic rows: a row whose columns contradict each other is refused with its line; a near miss is named. */
    @Test
    void contradictoryPlacementColumnsAndMisspeltColumnsAreNamed() throws IOException {
        Path crowded = csv("crowded.csv", """
                model,architecture,workers,nodes,gpus_per_node,local_batch,throughput_samples_s
                ResNet-50,ALLREDUCE,8,2,8,32,1000
                ResNet-50,ALLREDUCE,8,1,4,32,1000
                """);
        refused(crowded).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("crowded.csv:3").hasMessageContaining("8 on one node, more than gpus_per_node 4");
        Path measure = csv("measure.csv", """
                model,architecture,workers,local_batch,throughput_sample_s
                ResNet-50,ALLREDUCE,8,32,1000
                """);
        refused(measure)
                .hasMessageContaining("no measurement column").hasMessageContaining(
                        "'throughput_sample_s' may be throughput_samples_s");
        Path batch = csv("batch.csv", """
                model,architecture,workers,local_bach,throughput_samples_s
                ResNet-50,ALLREDUCE,8,32,1000
                """);
        refused(batch)
                .hasMessageContaining("missing column(s) local_batch").hasMessageContaining(
                        "'local_bach' may be local_batch");
    }

    /** Synthetic rows: one model under two of the zoo's names is one model, as a hardware alias is one system. */
    @Test
    void aModelNamedByOneOfTheZoosNamesIsReadAsThatModel() throws IOException {
        Path f = csv("aliases.csv", """
                model,architecture,workers,local_batch,throughput_samples_s
                ResNet-50v1.5,ALLREDUCE,1,256,900
                ResNet-50 v1.5,ALLREDUCE,8,256,7000
                resnet50,ALLREDUCE,8,256,7000
                my-net,ALLREDUCE,8,256,7000
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.observations()).extracting(o -> o.config().model())
                .containsExactly("ResNet-50", "ResNet-50", "resnet50", "my-net");
        assertThat(r.notes()).isEmpty();
    }
}
