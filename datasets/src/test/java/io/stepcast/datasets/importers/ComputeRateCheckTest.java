package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.zoo.ModelZoo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

class ComputeRateCheckTest {
    @TempDir
    Path dir;

    /** A user's transcription of GNMT's tables, its tokens/s entered as samples/s (the citation is its first line). */
    private static Path userFile(String name) throws URISyntaxException {
        return Path.of(Objects.requireNonNull(ComputeRateCheckTest.class.getResource("/user-csv/" + name)).toURI());
    }

    @Test
    void tokensPerSecondAsSamplesAreKeptWithOneWarningPerModelAndHardware() throws Exception {
        ImportedObservations r = new GenericCsvImporter().read(userFile("gnmt_pt.cited.csv"));
        assertThat(r.observations()).hasSize(14);
        assertThat(r.notes()).hasSize(2);
        // 21424 samples/s x 3 x the zoo's forward FLOPs of one GNMT sample (50+50 tokens) on one V100 at FP32.
        double implied = 21424 * 3.0 * new ModelZoo().get("GNMT").forwardFlops();
        assertThat(implied / 15.7e12).isBetween(40.0, 60.0);
        assertThat(r.notes().get(0)).startsWith("line 3: GNMT on dgx-1-v100: 21424 samples/s per GPU x ")
                .contains(String.format(Locale.ROOT, "%.1fx the peak of V100-SXM2-16GB at fp32 (15.7 TFLOP/s)",
                        implied / 15.7e12))
                .contains("forward + backward, 3 x the zoo's forward FLOPs")
                .contains("The throughput is likely not in samples/s of the zoo's model: one GNMT sample in the zoo is 50+50"
                        + " tokens (a rate in tokens/s is to be divided by the tokens of one sample")
                .endsWith("(kept; 5 more row(s) of GNMT on dgx-1-v100 are over the peak too)");
        assertThat(r.notes().get(1)).startsWith("line 9: GNMT on dgx-2: 22742 samples/s per GPU");
    }

    @Test
    void samplesPerSecondWithinThePeakPassAndAMissingPeakFallsBackToTheHighest() throws IOException {
        // Synthetic rows (synthetic-tokens-as-samples.csv): a plausible ResNet-50 rate on one V100, a BERT-large row
        // stated in TF32 on a V100 (which has no TF32 units, so no such figure) at sequences/s far above any of its
        // peaks, a model the zoo does not know and a label the catalog does not know.
        Path f = Files.writeString(dir.resolve("synthetic-tokens-as-samples.csv"), """
                # Synthetic rows, not measurements
                model,architecture,workers,local_batch,precision,hardware,throughput_samples_s
                ResNet-50,ALLREDUCE,1,256,mixed,dgx-1-v100,1000
                BERT-large,ALLREDUCE,8,32,tf32,dgx-1-v100,2000000
                my-own-net,ALLREDUCE,1,32,fp32,dgx-1-v100,1000000000
                ResNet-50,ALLREDUCE,1,256,fp32,my-cluster,1000000000
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.observations()).hasSize(4);
        assertThat(r.notes()).filteredOn(n -> n.contains("peak")).singleElement().asString()
                .startsWith("line 4: BERT-large on dgx-1-v100: 250000 samples/s per GPU")
                .contains("at fp16 (")
                .contains("; the catalog has no tf32 peak for V100-SXM2-16GB, so its highest, fp16, is used")
                .doesNotContain("more row(s)");
    }

    @Test
    void aPrecisionTheGpuHasNoFigureForIsWarnedOncePerHardware() throws IOException {
        // Synthetic rows: TF32 and BF16 stated on DGX-1 V100s (a V100 has neither), TF32 on a DGX A100 (it has it).
        Path f = Files.writeString(dir.resolve("synthetic-precisions.csv"), """
                model,architecture,workers,local_batch,precision,hardware,throughput_samples_s
                ResNet-50,ALLREDUCE,1,256,tf32,dgx-1-v100,400
                ResNet-50,ALLREDUCE,8,256,tf32,dgx-1-v100,3000
                ResNet-50,ALLREDUCE,1,256,bf16,DGX-1,800
                ResNet-50,ALLREDUCE,1,256,tf32,dgx-a100,800
                """);
        List<String> notes = new GenericCsvImporter().read(f).notes().stream()
                .filter(n -> n.contains("figure in the catalog")).toList();
        assertThat(notes).containsExactly(
                "line 2: precision tf32 on dgx-1-v100, whose V100-SXM2-16GB has no tf32 figure in the catalog (it states"
                        + " fp32, fp16); if the GPU has no tf32 units, the row's precision or hardware is mistyped (kept)",
                "line 4: precision bf16 on dgx-1-v100, whose V100-SXM2-16GB has no bf16 figure in the catalog (it states"
                        + " fp32, fp16); if the GPU has no bf16 units, the row's precision or hardware is mistyped (kept)");
    }

    /**
     * Lambda Labs' PyTorch tables (lambdal/deeplearning-benchmark at 0551cb70, pytorch-train-throughput-fp32.csv) run
     * their "fp32" column in NVIDIA's container, which runs FP32 code as TF32 on an A100 or H100: BERT-large at 384
     * tokens on one A100 80GB SXM4, 75 sequences/s, is 2.8x the A100's FP32 peak and well under its TF32 one, and
     * the rows' units are right. On a V100, which has no TF32 units, the FP32 peak still bounds an fp32 row.
     */
    @Test
    void anFp32RowOnAGpuWithTf32UnitsIsBoundedByTheTf32Peak() throws IOException {
        Path f = Files.writeString(dir.resolve("lambda-fp32.csv"), """
                # lambdal/deeplearning-benchmark @ 0551cb70, pytorch/pytorch-train-throughput-fp32.csv
                model,architecture,workers,local_batch,precision,sequence_length,hardware,throughput_samples_s
                BERT-large,ALLREDUCE,1,64,fp32,384,dgx-a100-80gb,75
                BERT-large,ALLREDUCE,1,64,fp32,384,dgx-h100,141
                BERT-large,ALLREDUCE,1,8,fp32,384,dgx-1-v100,12
                BERT-large,ALLREDUCE,1,8,fp32,384,dgx-1-v100,1200
                BERT-large,ALLREDUCE,1,64,fp32,384,dgx-a100-80gb,7500
                """);
        List<String> peaks = new GenericCsvImporter().read(f).notes().stream().filter(n -> n.contains("peak")).toList();
        assertThat(peaks).hasSize(2);
        assertThat(peaks.get(0)).startsWith("line 6: BERT-large-seq384 on dgx-1-v100:")
                .contains("the peak of V100-SXM2-16GB at fp32 (15.7 TFLOP/s)");
        assertThat(peaks.get(1)).startsWith("line 7: BERT-large-seq384 on dgx-a100-80gb:")
                .contains("the peak of A100-SXM4-80GB at tf32 (156 TFLOP/s); FP32 code runs as TF32 on"
                        + " A100-SXM4-80GB's tensor cores by default");
    }
}
