package io.stepcast.datasets.importers;

import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.hardware.HardwareLabels;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.parquet.ObservationFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The generic CSV's 3D-parallel columns, on synthetic configurations (the step times are made up). */
class GenericCsvLlmColumnsTest {
    private static final String HEADER = "model,architecture,workers,global_batch,step_time_s,tensor_parallel,"
            + "pipeline_parallel,micro_batch,virtual_stages,sequence_parallel,recompute,precision,sequence_length,"
            + "vocab_size,gpus_per_node,hardware\n";

    @TempDir
    Path dir;

    private Path csv(String rows) throws IOException {
        return Files.writeString(dir.resolve("synthetic-llm.csv"), HEADER + rows);
    }

    @Test
    void aRowWithLayoutColumnsIsAThreeDimensionalJobThatSurvivesParquet() throws IOException {
        Path f = csv("""
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,512,1.5,8,4,2,3,true,selective,bf16,2048,51200,8,dgx-a100
                GPT-2,ALLREDUCE,2,16,0.5,,,,,,,,,,8,dgx-a100
                """);
        List<Observation> rows = new GenericCsvImporter().read(f).observations();
        Observation o = rows.get(0);
        ParallelLayout p = o.config().parallel().orElseThrow();
        assertThat(p).isEqualTo(ParallelLayout.builder(8, 4, 4, 2, 64).virtualStages(3).sequenceParallel(true)
                .recompute(Recompute.SELECTIVE).precision(Precision.BF16).build());
        assertThat(o.config().model()).isEqualTo("gpt-l24-h2048-a16-s2048-v51200");
        assertThat(o.config().deployment().nodes()).isEqualTo(16);
        assertThat(o.config().deployment().devicesPerWorker()).isEqualTo(32);
        assertThat(o.config().globalBatch()).isEqualTo(512);
        assertThat(rows.get(1).config().parallel()).isEmpty();
        assertThat(rows.get(1).config().localBatch()).isEqualTo(8);

        Path parquet = dir.resolve("llm.parquet");
        ObservationFiles.write(parquet, rows);
        assertThat(ObservationFiles.read(parquet)).isEqualTo(rows);
    }

    @Test
    void aLayoutColumnAloneDefaultsTheRest() throws IOException {
        Path f = Files.writeString(dir.resolve("tp.csv"), """
                model,architecture,workers,local_batch,step_time_s,tensor_parallel
                gpt-l24-h1024-a16-s1024-v50304,ALLREDUCE,2,8,0.3,4
                """);
        ParallelLayout p = new GenericCsvImporter().read(f).observations().get(0).config().parallel().orElseThrow();
        assertThat(p).isEqualTo(ParallelLayout.builder(4, 1, 2, 8, 1).build());
    }

    @Test
    void badCellsAreRefusedNamingLineAndColumn() throws IOException {
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,512,1,8,4,2,1,false,partial,bf16,,,8,dgx-a100\n")))
                .isInstanceOf(DataFormatException.class)
                .hasMessageContaining("synthetic-llm.csv:2")
                .hasMessageContaining("column 'recompute' must be none, selective or full, was 'partial'");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,512,1,8,4,2,1,false,none,int8,,,8,dgx-a100\n")))
                .hasMessageContaining("column 'precision' must be fp32, tf32, fp16 (or amp, mixed, mixed precision), bf16"
                        + " or fp8, was 'int8'");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,512,1,8,1,2,2,false,none,bf16,,,8,dgx-a100\n")))
                .hasMessageContaining("synthetic-llm.csv:2: column 'virtual_stages' is 2 but needs pipeline_parallel of "
                        + "at least 2");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,512,1,8,4,,1,false,none,bf16,,,8,dgx-a100\n")))
                .hasMessageContaining("column 'micro_batch' is needed with pipeline_parallel 4");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,3,512,1,8,4,2,1,false,none,bf16,,,8,dgx-a100\n")))
                .hasMessageContaining("column 'global_batch': 512 does not divide over the 3 workers");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "ResNet-50,ALLREDUCE,4,512,1,,,,,,,,2048,,8,dgx-a100\n")))
                .hasMessageContaining("column 'sequence_length': model 'ResNet-50' is not a transformer of the zoo");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,512,1,8,4,2,1,maybe,none,bf16,,,8,dgx-a100\n")))
                .hasMessageContaining("column 'sequence_parallel' must be true or false, was 'maybe'");
    }

    @Test
    void aModelTheZooDoesNotKnowIsKeptForThePredictorsToRefuseEvenWithShapeColumns() throws Exception {
        // A misspelled Llama with a sequence_length column: the name, not the column, is what is wrong, and the file
        // is read as it is without that column (the predictors refuse the row naming the closest models).
        List<Observation> rows = new GenericCsvImporter().read(csv(
                "lama3-8b,ALLREDUCE,8,128,3.9,1,1,1,1,false,none,bf16,8192,,8,dgx-h100\n")).observations();
        assertThat(rows).singleElement().satisfies(o -> assertThat(o.config().model()).isEqualTo("lama3-8b"));
    }

    @Test
    void theDistributedOptimizerColumnSurvivesParquet() throws IOException {
        Path f = Files.writeString(dir.resolve("synthetic-zero1.csv"), """
                model,architecture,workers,global_batch,step_time_s,tensor_parallel,pipeline_parallel,micro_batch,distributed_optimizer
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,512,1.5,8,4,2,true
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,512,1.6,8,4,2,false
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,512,1.6,8,4,2,
                """);
        List<Observation> rows = new GenericCsvImporter().read(f).observations();
        assertThat(rows).extracting(o -> o.config().parallel().orElseThrow().distributedOptimizer())
                .containsExactly(true, false, false);
        Path parquet = dir.resolve("zero1.parquet");
        ObservationFiles.write(parquet, rows);
        assertThat(ObservationFiles.read(parquet)).isEqualTo(rows);
        Files.writeString(f, Files.readString(f).replace(",2,true", ",2,yes"));
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("synthetic-zero1.csv:2")
                .hasMessageContaining("column 'distributed_optimizer' must be true or false, was 'yes'");
    }

    @Test
    void fsdpIsFullShardingAndFlashAttentionIsReadAndBothSurviveParquet() throws IOException {
        Path f = Files.writeString(dir.resolve("synthetic-fsdp.csv"), """
                model,architecture,workers,global_batch,step_time_s,tensor_parallel,micro_batch,distributed_optimizer,fsdp,flash_attention
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.5,1,2,,true,true
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.5,1,2,true,TRUE,false
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.6,1,2,true,false,
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.6,1,2,true,,true
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.7,1,2,,,
                """);
        List<Observation> rows = new GenericCsvImporter().read(f).observations();
        assertThat(rows).extracting(o -> o.config().parallel().orElseThrow().sharding())
                .containsExactly(Sharding.FULL, Sharding.FULL, Sharding.OPTIMIZER, Sharding.OPTIMIZER, Sharding.NONE);
        assertThat(rows).extracting(o -> o.config().parallel().orElseThrow().flashAttention())
                .containsExactly(true, false, false, true, false);
        Path parquet = dir.resolve("fsdp.parquet");
        ObservationFiles.write(parquet, rows);
        assertThat(ObservationFiles.read(parquet)).isEqualTo(rows);
    }

    @Test
    void aFlashAttentionColumnAloneMakesALayoutOfDataParallelism() throws IOException {
        Path f = Files.writeString(dir.resolve("flash.csv"), """
                model,architecture,workers,local_batch,step_time_s,flash_attention
                gpt-l24-h1024-a16-s1024-v50304,ALLREDUCE,2,8,0.3,true
                """);
        ParallelLayout p = new GenericCsvImporter().read(f).observations().get(0).config().parallel().orElseThrow();
        assertThat(p).isEqualTo(ParallelLayout.builder(1, 1, 2, 8, 1).flashAttention(true).build());
    }

    @Test
    void fsdpWithoutTheDistributedOptimizerIsAContradictionAndBadValuesAreRefused() throws IOException {
        String header = "model,architecture,workers,global_batch,step_time_s,micro_batch,distributed_optimizer,fsdp,"
                + "flash_attention\n";
        Path f = Files.writeString(dir.resolve("synthetic-fsdp.csv"), header
                + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.5,2,true,true,true\n"
                + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.5,2,false,true,true\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .isInstanceOf(DataFormatException.class)
                .hasMessageContaining("synthetic-fsdp.csv:3")
                .hasMessageContaining("column 'fsdp' is true but column 'distributed_optimizer' is false")
                .hasMessageEndingWith("(leave distributed_optimizer blank or true)")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        Files.writeString(f, header + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.5,2,,zero3,\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("synthetic-fsdp.csv:2")
                .hasMessageContaining("column 'fsdp' must be true or false, was 'zero3'");
        Files.writeString(f, header + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.5,2,,,1\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("synthetic-fsdp.csv:2")
                .hasMessageContaining("column 'flash_attention' must be true or false, was '1'");
    }

    @Test
    void otherNamesAndMisspellingsOfTheNewColumnsAreHinted() throws IOException {
        Path f = Files.writeString(dir.resolve("hints.csv"), """
                model,architecture,workers,local_batch,step_time_s,use_flash_attn,fsdb
                gpt-l24-h1024-a16-s1024-v50304,ALLREDUCE,2,8,0.3,true,true
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("unknown column 'use_flash_attn': did you mean "
                + "flash_attention (true or false"));
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("unknown column 'fsdb': did you mean")
                .contains("fsdp"));
        assertThat(r.observations().get(0).config().parallel()).isEmpty();
    }

    @Test
    void deepSpeedNamesOfRecomputationAndZeroAreHintedNotSilentlyDropped() throws IOException {
        // Synthetic row in the words of a Megatron-DeepSpeed launch script (BLOOM's and MT-NLG's framework): read as
        // a tag, activation_checkpointing left the row without recomputation, which predict then called out of memory.
        Path f = Files.writeString(dir.resolve("deepspeed-names.csv"), """
                model,architecture,workers,local_batch,step_time_s,activation_checkpointing,Zero
                gpt-l24-h1024-a16-s1024-v50304,ALLREDUCE,2,8,0.3,true,1
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("unknown column 'activation_checkpointing': "
                + "did you mean recompute (none, selective or full: full when"));
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("unknown column 'Zero': did you mean "
                + "zero_stage (DeepSpeed's ZeRO stage, 0 to 3: 1 shards the optimizer state"));
    }

    @Test
    void zeroStageIsReadAsTheShardingItNamesAndSurvivesParquet() throws IOException {
        // Synthetic rows (made-up times): one per ZeRO stage, the last two beside agreeing flags.
        Path f = Files.writeString(dir.resolve("synthetic-zero.csv"), """
                model,architecture,workers,global_batch,step_time_s,micro_batch,zero_stage,distributed_optimizer,fsdp
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.5,2,0,,
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.5,2,1,,
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.5,2,2,true,false
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.5,2,3,true,true
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.notes()).noneSatisfy(n -> assertThat(n).contains("zero_stage"));
        assertThat(r.observations()).extracting(o -> o.config().parallel().orElseThrow().sharding())
                .containsExactly(Sharding.NONE, Sharding.OPTIMIZER, Sharding.GRADIENTS, Sharding.FULL);
        Path parquet = dir.resolve("zero.parquet");
        ObservationFiles.write(parquet, r.observations());
        assertThat(ObservationFiles.read(parquet)).isEqualTo(r.observations());
    }

    @Test
    void zeroStageThatContradictsTheShardingFlagsOrLiesOutsideZeroToThreeIsRefused() throws IOException {
        String header = "model,architecture,workers,global_batch,step_time_s,micro_batch,zero_stage,"
                + "distributed_optimizer,fsdp\n";
        String row = "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,8,64,1.5,2,";
        Path f = dir.resolve("synthetic-zero-bad.csv");
        Files.writeString(f, header + row + "2,,true\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("synthetic-zero-bad.csv:2")
                .hasMessageContaining("column 'zero_stage' is 2 but column 'fsdp' is true")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        Files.writeString(f, header + row + "3,,false\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("column 'zero_stage' is 3 but column 'fsdp' is false");
        Files.writeString(f, header + row + "0,true,\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("column 'zero_stage' is 0 but column 'distributed_optimizer' is true");
        Files.writeString(f, header + row + "1,false,\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("column 'zero_stage' is 1 but column 'distributed_optimizer' is false");
        Files.writeString(f, header + row + "4,,\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("synthetic-zero-bad.csv:2")
                .hasMessageContaining("column 'zero_stage' must be 0, 1, 2 or 3 (DeepSpeed's ZeRO stage), was 4");
        Files.writeString(f, header + row + "-1,,\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("column 'zero_stage' must be 0, 1, 2 or 3 (DeepSpeed's ZeRO stage), was -1");
        Files.writeString(f, header + row + "two,,\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("column 'zero_stage' is not a whole number: 'two'");
    }

    @Test
    void contextParallelRanksAreGpusOfEachReplicaAndSurviveParquet() throws IOException {
        // Synthetic rows (made-up times): 2 replicas of t 4 x c 2 x p 2 = 16 GPUs each, 32 GPUs on 4 DGX A100 nodes.
        Path f = Files.writeString(dir.resolve("synthetic-cp.csv"), """
                model,architecture,workers,global_batch,step_time_s,tensor_parallel,pipeline_parallel,micro_batch,flash_attention,context_parallel,hardware
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,16,1.5,4,2,1,true,2,dgx-a100
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,16,2.5,4,2,1,true,,dgx-a100
                gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,16,2.5,4,2,1,true,1,dgx-a100
                """);
        List<Observation> rows = new GenericCsvImporter().read(f).observations();
        ParallelLayout p = rows.get(0).config().parallel().orElseThrow();
        assertThat(p).isEqualTo(ParallelLayout.builder(4, 2, 2, 1, 8).flashAttention(true).context(2).build());
        assertThat(rows.get(0).config().workers()).isEqualTo(2);
        assertThat(rows.get(0).config().deployment().devicesPerWorker()).isEqualTo(16);
        assertThat(rows.get(0).config().deployment().nodes()).isEqualTo(4);
        // The context ranks share their replica's samples: the global batch is b x m x d, not x c.
        assertThat(rows.get(0).config().globalBatch()).isEqualTo(16);
        // Blank and 1 are no context parallelism: 16 GPUs on 2 nodes.
        assertThat(rows).extracting(o -> o.config().parallel().orElseThrow().context()).containsExactly(2, 1, 1);
        assertThat(rows.get(1).config().deployment().nodes()).isEqualTo(2);
        Path parquet = dir.resolve("cp.parquet");
        ObservationFiles.write(parquet, rows);
        assertThat(ObservationFiles.read(parquet)).isEqualTo(rows);
    }

    @Test
    void contextParallelismWithoutFlashAttentionOrBelowOneIsRefusedNamingFileLineAndColumns() throws IOException {
        String header = "model,architecture,workers,global_batch,step_time_s,micro_batch,flash_attention,"
                + "context_parallel\n";
        Path f = Files.writeString(dir.resolve("synthetic-cp.csv"), header
                + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,64,1.5,2,true,2\n"
                + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,64,1.5,2,false,2\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .isInstanceOf(DataFormatException.class)
                .hasMessageContaining("synthetic-cp.csv:3")
                .hasMessageContaining("column 'context_parallel' is 2 but column 'flash_attention' is false")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        Files.writeString(f, header + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,64,1.5,2,,4\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("synthetic-cp.csv:2")
                .hasMessageContaining("column 'context_parallel' is 4 but column 'flash_attention' is not stated")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        Files.writeString(f, header + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,4,64,1.5,2,true,0\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("synthetic-cp.csv:2")
                .hasMessageContaining("column 'context_parallel' must be at least 1, was 0");
    }

    @Test
    void coresPerWorkerOfAContextParallelRowCountsTheContextRanks() throws IOException {
        String header = "model,architecture,workers,global_batch,step_time_s,tensor_parallel,pipeline_parallel,"
                + "micro_batch,flash_attention,context_parallel,cores_per_worker\n";
        Path f = Files.writeString(dir.resolve("synthetic-cp.csv"), header
                + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,16,1.5,2,2,1,true,2,8\n");
        assertThat(new GenericCsvImporter().read(f).observations().get(0).config().deployment().devicesPerWorker())
                .isEqualTo(8);
        Files.writeString(f, header + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,16,1.5,2,2,1,true,2,4\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("synthetic-cp.csv:2")
                .hasMessageContaining("column 'cores_per_worker': 4 is not tensor_parallel x context_parallel x "
                        + "pipeline_parallel = 8");
        // Without context parallelism the message names the two factors it always did.
        Files.writeString(f, header + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,16,1.5,2,2,1,true,1,8\n");
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("column 'cores_per_worker': 8 is not tensor_parallel x pipeline_parallel = 4");
    }

    @Test
    void megatronsNameOfTheContextColumnIsHinted() throws IOException {
        Path f = Files.writeString(dir.resolve("hints.csv"), """
                model,architecture,workers,local_batch,step_time_s,flash_attention,context_parallel_size
                gpt-l24-h1024-a16-s1024-v50304,ALLREDUCE,2,8,0.3,true,2
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("unknown column 'context_parallel_size': did "
                + "you mean context_parallel"));
    }

    @Test
    void aSequenceLengthKeepsBertABertAndTheModelsOwnLengthKeepsItsName() throws IOException {
        // BERT pre-training tables give phase 1 at 128 tokens and phase 2 at 512 (synthetic step times).
        Path f = Files.writeString(dir.resolve("bert-phases.csv"), """
                model,architecture,workers,local_batch,step_time_s,sequence_length
                BERT-large,ALLREDUCE,8,64,0.5,128
                BERT-large,ALLREDUCE,8,16,0.5,512
                bert-base-uncased,ALLREDUCE,8,16,0.5,384
                Transformer-big,ALLREDUCE,8,16,0.5,256
                GPT-2,ALLREDUCE,8,16,0.5,512
                BERT-large,ALLREDUCE,8,16,0.5,1024
                """);
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .isInstanceOf(DataFormatException.class)
                .hasMessageContaining("bert-phases.csv:7")
                .hasMessageContaining("column 'sequence_length': BERT-large takes 1 to 512 tokens, not 1024");
        Files.writeString(f, Files.readString(f).replace("BERT-large,ALLREDUCE,8,16,0.5,1024\n", ""));
        List<String> models = new GenericCsvImporter().read(f).observations().stream()
                .map(o -> o.config().model()).toList();
        assertThat(models).containsExactly("BERT-large-seq128", "BERT-large", "BERT-base-seq384",
                "Transformer-big-seq256", "gpt-l12-h768-a12-s512-v50257");
        Path variant = Files.writeString(dir.resolve("bert-variant.csv"), """
                model,architecture,workers,local_batch,step_time_s,sequence_length
                BERT-large-seq128,ALLREDUCE,8,16,0.5,384
                """);
        var read = new GenericCsvImporter().read(variant);
        assertThat(read.observations().get(0).config().model()).isEqualTo("BERT-large-seq384");
        assertThat(read.notes()).anyMatch(n -> n.equals("line 2: model 'BERT-large-seq128' names sequence length 128"
                + " where column sequence_length says 384: read as the column says, as BERT-large-seq384"));
    }

    @Test
    void aParametricNameOfAnImpossibleShapeIsRefusedWithItsLine() throws IOException {
        Path f = Files.writeString(dir.resolve("kv.csv"), """
                model,architecture,workers,local_batch,step_time_s,fsdp
                llama3-8b,ALLREDUCE,8,1,2.8,true
                llama-l32-h4096-a32-kv5-f14336-s8192-v128256,ALLREDUCE,8,1,2.8,true
                """);
        assertThatThrownBy(() -> new GenericCsvImporter().read(f)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("kv.csv:3: column 'model': ")
                .hasMessageEndingWith("32 attention heads do not divide into 5 key-value heads");
    }

    @Test
    void aThreeDimensionalRowFillsTheNodesOfItsCatalogedSystem() throws IOException {
        Path f = Files.writeString(dir.resolve("nodes.csv"), """
                model,architecture,workers,local_batch,step_time_s,fsdp,hardware
                llama3-8b,ALLREDUCE,64,1,2.8,true,dgx-a100-80gb
                llama3-8b,ALLREDUCE,4,1,2.8,true,dgx-a100-80gb
                llama3-8b,ALLREDUCE,64,1,2.8,true,
                """);
        assertThat(new GenericCsvImporter().read(f).observations()).extracting(o -> o.config().deployment().nodes())
                .containsExactly(8, 1, 1);
    }

    @Test
    void theNodesOfACatalogedSystemComeFromTheImportersOwnCatalog() throws IOException {
        // A user's catalog in which the DGX A100 80GB has four GPUs per node (the embedded one has eight).
        HardwareCatalog embedded = new DefaultHardwareCatalog();
        List<HardwareEntry> entries = embedded.entries().stream().map(e -> e instanceof SystemSpec s
                && s.name().equals("dgx-a100-80gb") ? new SystemSpec(s.name(), s.aliases(), s.device(), 4, s.topology(),
                s.intraLink(), s.nic(), s.nicsPerNode(), s.source(), s.hostLink(), Math.min(4, s.devicesPerHostLink()))
                : e).toList();
        HardwareCatalog fourPerNode = new DefaultHardwareCatalog(entries);
        Path f = Files.writeString(dir.resolve("own-catalog.csv"), """
                model,architecture,workers,local_batch,step_time_s,fsdp,hardware
                llama3-8b,ALLREDUCE,64,1,2.8,true,DGX A100 80GB
                """);
        assertThat(new GenericCsvImporter(new HardwareLabels(fourPerNode)).read(f).observations())
                .extracting(o -> o.config().deployment().nodes()).containsExactly(16);
        assertThat(new GenericCsvImporter().read(f).observations())
                .extracting(o -> o.config().deployment().nodes()).containsExactly(8);
    }

    @Test
    void aPublishedModelGivenAnotherVocabularyIsReadAsTheParametricModelWithANote() throws IOException {
        Path f = Files.writeString(dir.resolve("llama-vocab.csv"), """
                model,architecture,workers,local_batch,step_time_s,vocab_size,fsdp
                llama3-8b,ALLREDUCE,8,1,3.9,32000,true
                llama3-8b,ALLREDUCE,8,1,3.9,128256,true
                """);
        var read = new GenericCsvImporter().read(f);
        assertThat(read.observations()).extracting(o -> o.config().model())
                .containsExactly("llama-l32-h4096-a32-kv8-f14336-s8192-v32000", "llama3-8b");
        assertThat(read.notes()).containsOnlyOnce("line 2: model 'llama3-8b' has a vocabulary of 128256 where column "
                + "vocab_size says 32000: read as the column says, as llama-l32-h4096-a32-kv8-f14336-s8192-v32000");
    }

    @Test
    void aParametricGptWhoseNameContradictsItsShapeColumnsIsWarnedAboutAndReadAsTheColumnsSay() throws IOException {
        Path f = csv("""
                gpt-l24-h2048-a16-s2048-v50304,ALLREDUCE,8,64,4.2,1,1,8,,,,,4096,,8,dgx-a100
                gpt-l24-h2048-a16-s2048-v50304,ALLREDUCE,8,64,4.2,1,1,8,,,,,4096,,8,dgx-a100
                gpt-l24-h2048-a16-s2048-v50304,ALLREDUCE,8,64,4.2,1,1,8,,,,,2048,50304,8,dgx-a100
                gpt-l24-h2048-a16-s2048-v50304,ALLREDUCE,8,64,4.2,1,1,8,,,,,1024,51200,8,dgx-a100
                BERT-large,ALLREDUCE,8,64,0.5,1,1,8,,,,,128,,8,dgx-a100
                """);
        ImportedObservations read = new GenericCsvImporter().read(f);
        assertThat(read.observations().stream().map(o -> o.config().model()).toList()).containsExactly(
                "gpt-l24-h2048-a16-s4096-v50304", "gpt-l24-h2048-a16-s4096-v50304", "gpt-l24-h2048-a16-s2048-v50304",
                "gpt-l24-h2048-a16-s1024-v51200", "BERT-large-seq128");
        // One note per distinct contradiction, at the line it first appears on; none where the columns agree with
        // the name, nor for a model whose name states no shape (BERT-large at 128 tokens is the zoo's variant).
        assertThat(read.notes()).containsExactly(
                "line 2: model 'gpt-l24-h2048-a16-s2048-v50304' names sequence length 2048 where column "
                        + "sequence_length says 4096: read as the column says, as gpt-l24-h2048-a16-s4096-v50304",
                "line 5: model 'gpt-l24-h2048-a16-s2048-v50304' names sequence length 2048 where column "
                        + "sequence_length says 1024 and vocabulary 50304 where column vocab_size says 51200: read as "
                        + "the columns say, as gpt-l24-h2048-a16-s1024-v51200");
    }

    @Test
    void aLlamaStaysALlamaUnderTheShapeColumnsAndItsNameIsCheckedAgainstThem() throws IOException {
        Path f = Files.writeString(dir.resolve("llama.csv"), """
                model,architecture,workers,local_batch,step_time_s,sequence_length,vocab_size
                Meta-Llama-3-8B,ALLREDUCE,8,4,2.0,4096,
                llama3-8b,ALLREDUCE,8,4,2.0,8192,128256
                llama2-70b,ALLREDUCE,8,4,2.0,,128256
                llama-l32-h4096-a32-kv8-f14336-s8192-v128256,ALLREDUCE,8,4,2.0,2048,
                llama3-8b-seq4096,ALLREDUCE,8,4,2.0,8192,
                """);
        ImportedObservations read = new GenericCsvImporter().read(f);
        assertThat(read.observations().stream().map(o -> o.config().model()).toList()).containsExactly(
                "llama3-8b-seq4096", "llama3-8b", "llama-l80-h8192-a64-kv8-f28672-s4096-v128256",
                "llama-l32-h4096-a32-kv8-f14336-s2048-v128256", "llama3-8b");
        assertThat(read.notes()).contains(
                "line 5: model 'llama-l32-h4096-a32-kv8-f14336-s8192-v128256' names sequence length 8192 where column "
                        + "sequence_length says 2048: read as the column says, as "
                        + "llama-l32-h4096-a32-kv8-f14336-s2048-v128256",
                "line 6: model 'llama3-8b-seq4096' names sequence length 4096 where column sequence_length says "
                        + "8192: read as the column says, as llama3-8b");
        // Llama 2 70B with Llama 3's vocabulary is another model, which the reader is told.
        assertThat(read.notes()).contains("line 4: model 'llama2-70b' has a vocabulary of 32000 where column "
                + "vocab_size says 128256: read as the column says, as llama-l80-h8192-a64-kv8-f28672-s4096-v128256");
        assertThat(read.notes()).noneMatch(n -> n.startsWith("line 2:") || n.startsWith("line 3:"));
    }

    @Test
    void aFileNeedsALocalOrAGlobalBatch() throws IOException {
        Path f = Files.writeString(dir.resolve("nobatch.csv"), """
                model,architecture,workers,step_time_s
                GPT-2,ALLREDUCE,2,0.3
                """);
        assertThatThrownBy(() -> new GenericCsvImporter().read(f))
                .hasMessageContaining("nobatch.csv:1").hasMessageContaining("missing column(s) local_batch (or global_batch)");
    }
}
