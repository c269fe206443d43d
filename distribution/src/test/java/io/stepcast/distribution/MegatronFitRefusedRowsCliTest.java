package io.stepcast.distribution;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Megatron fit short of rows says how many transformer rows the closed form refused and why the first was
 * (probe24: "found 0" alone, when the file's only row was refused). The training row is synthetic (mechanics only):
 * its hardware, {@code DGX-1 x 4}, names no single catalogued system.
 */
class MegatronFitRefusedRowsCliTest {
    @TempDir
    Path dir;
    private final CliSession cli = new CliSession();

    @Test
    void aFitWithNoRowsLeftSaysWhichWereRefusedAndWhy() throws Exception {
        Path train = Files.writeString(dir.resolve("synthetic-refused.csv"), "model,architecture,workers,"
                + "tensor_parallel,pipeline_parallel,micro_batch,global_batch,hardware,step_time_s\n"
                + "llama2-13b,ALLREDUCE,16,8,2,1,64,DGX-1 x 4,5.0\n");
        assertThat(cli.run("fit", "--predictor", "megatron-analytic", "--train", train.toString(), "--save",
                dir.resolve("m.json").toString())).isEqualTo(1);
        assertThat(cli.err()).contains("needs at least 8 transformer rows with a step time on a catalogued system, "
                + "found 0; 1 transformer row was refused, the first: hardware 'DGX-1 x 4' is not in the hardware catalog");
        assertThat(dir.resolve("m.json")).doesNotExist();
    }

    @Test
    void aRefusedLayoutFieldIsTheFirstReason() throws Exception {
        // Llama 3 70B's 80 layers do not split into 8 stages x 3 virtual stages.
        Path train = Files.writeString(dir.resolve("synthetic-vs3.csv"), "model,architecture,workers,"
                + "tensor_parallel,pipeline_parallel,virtual_stages,micro_batch,global_batch,sequence_length,"
                + "sequence_parallel,flash_attention,precision,hardware,gpus_per_node,step_time_s\n"
                + "llama3-70b,ALLREDUCE,2,4,8,3,1,128,8192,true,true,fp8,dgx-h100,8,10.0\n");
        assertThat(cli.run("fit", "--predictor", "megatron-analytic", "--train", train.toString(), "--save",
                dir.resolve("m.json").toString())).isEqualTo(1);
        assertThat(cli.err()).contains("found 0; 1 transformer row was refused, the first: virtual_stages");
    }
}
