package io.stepcast.analytic.allreduce;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.importers.GenericCsvImporter;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code allreduce-analytic} on a machine without a compute line of the model: the other machines' lines carried by
 * the catalog's device speeds ({@link CarriedCompute}). Synthetic rows (nothing measured); the catalog's figures:
 * V100-SXM2 125 (fp16) and 15.7 (fp32) TFLOP/s, 900 GB/s; A100-SXM4-40GB 312 and 19.5 TFLOP/s, 1555 GB/s;
 * V100-SXM3-32GB-H (DGX-2H) 131.25 TFLOP/s fp16, 900 GB/s.
 */
class CarriedComputeTest {
    private static final String HEADER = "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,"
            + "precision,throughput_samples_s,parameter_bytes\n";
    /** One model on a DGX-1 at two batches in mixed precision and one in FP32, 1 and 8 GPUs. */
    private static final List<Observation> DGX1 = read(HEADER
            + "synthetic-net,ALLREDUCE,1,1,8,64,dgx-1-v100,fp16,400,100000000\n"
            + "synthetic-net,ALLREDUCE,1,1,8,128,dgx-1-v100,fp16,500,100000000\n"
            + "synthetic-net,ALLREDUCE,8,1,8,128,dgx-1-v100,fp16,3700,100000000\n"
            + "synthetic-net,ALLREDUCE,1,1,8,64,dgx-1-v100,fp32,150,100000000\n"
            + "synthetic-net,ALLREDUCE,8,1,8,64,dgx-1-v100,fp32,1150,100000000\n");
    private static final double FP16_RATIO = Math.sqrt(125 * 900) / Math.sqrt(312 * 1555);
    private static final double FP32_RATIO = Math.sqrt(15.7 * 900) / Math.sqrt(19.5 * 1555);

    private static List<Observation> read(String csv) {
        try {
            return new GenericCsvImporter().read(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)),
                    "synthetic.csv", "synthetic.csv").observations();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static AllreduceAnalyticEstimator.Fitted fit(List<Observation> train) {
        return (AllreduceAnalyticEstimator.Fitted) new AllreduceAnalyticEstimator(
                Optional.of(new DefaultHardwareCatalog()), Optional.of(new ZooCatalog()))
                .fit(TrainingSet.of("synthetic", train));
    }

    private static Config query(String row) {
        return read(HEADER + row).get(0).config();
    }

    private static String reason(Prediction p) {
        assertThat(p).isInstanceOf(Prediction.NotApplicable.class);
        return ((Prediction.NotApplicable) p).reason();
    }

    @Test
    void bothTermsOfTheLineScaleByTheDeviceSpeedRatio() {
        // The DGX-1's mixed-precision line through 64/400 s at batch 64 and 128/500 s at batch 128.
        double b = (128.0 / 500 - 64.0 / 400) / 64;
        double a = 64.0 / 400 - b * 64;
        Prediction p = fit(DGX1).predict(query("synthetic-net,ALLREDUCE,1,1,8,96,dgx-a100,fp16,1,100000000"),
                Target.STEP_TIME);
        assertThat(p.asDouble()).hasValueCloseTo((a + b * 96) * FP16_RATIO, within(1e-12));
    }

    @Test
    void aTf32RowOfTheA100TakesTheFp32LineOfTheV100AtTheFp32Peak() {
        // One batch of FP32 rows: the line through it with the parameter passes' fixed part, as on the DGX-1 itself.
        AllreduceAnalyticEstimator.Fitted p = fit(DGX1);
        double onDgx1 = p.predict(query("synthetic-net,ALLREDUCE,1,1,8,128,dgx-1-v100,fp32,1,100000000"),
                Target.STEP_TIME).asDouble().orElseThrow();
        Prediction tf32 = p.predict(query("synthetic-net,ALLREDUCE,1,1,8,128,dgx-a100,tf32,1,100000000"),
                Target.STEP_TIME);
        assertThat(tf32.asDouble()).hasValueCloseTo(onDgx1 * FP32_RATIO, within(1e-12));
    }

    @Test
    void severalMachinesGiveTheGeometricMeanOfTheirCarriedTimes() {
        List<Observation> two = read(HEADER
                + "synthetic-net,ALLREDUCE,1,1,8,128,dgx-1-v100,fp16,500,100000000\n"
                + "synthetic-net,ALLREDUCE,1,1,16,128,dgx-2h,fp16,560,100000000\n");
        AllreduceAnalyticEstimator.Fitted p = fit(two);
        double dgx1 = p.predict(query("synthetic-net,ALLREDUCE,1,1,8,128,dgx-1-v100,fp16,1,100000000"),
                Target.STEP_TIME).asDouble().orElseThrow();
        double dgx2h = p.predict(query("synthetic-net,ALLREDUCE,1,1,16,128,dgx-2h,fp16,1,100000000"),
                Target.STEP_TIME).asDouble().orElseThrow();
        double dgx2hRatio = Math.sqrt(131.25 * 900) / Math.sqrt(312 * 1555);
        Config a100 = query("synthetic-net,ALLREDUCE,1,1,8,128,dgx-a100,fp16,1,100000000");
        assertThat(p.predict(a100, Target.STEP_TIME).asDouble())
                .hasValueCloseTo(Math.sqrt(dgx1 * FP16_RATIO * dgx2h * dgx2hRatio), within(1e-12));
        assertThat(p.computeBasis(a100).orElseThrow()).contains("dgx-1-v100", "dgx-2h", "geometric mean");
    }

    @Test
    void theAllReduceOfTheTargetIsCostedAsForAMachineWithALineOfItsOwnAndNoMultiGpuRows() {
        AllreduceAnalyticEstimator.Fitted carried = fit(DGX1);
        Config one = query("synthetic-net,ALLREDUCE,1,1,8,128,dgx-a100,fp16,1,100000000");
        Config eight = query("synthetic-net,ALLREDUCE,8,1,8,128,dgx-a100,fp16,1,100000000");
        double t1 = carried.predict(one, Target.STEP_TIME).asDouble().orElseThrow();
        double t64 = carried.predict(query("synthetic-net,ALLREDUCE,1,1,8,64,dgx-a100,fp16,1,100000000"),
                Target.STEP_TIME).asDouble().orElseThrow();
        // The A100 measured on one GPU with exactly the carried line: its 8-GPU row is costed the same way.
        AllreduceAnalyticEstimator.Fitted own = fit(read(HEADER
                + "synthetic-net,ALLREDUCE,1,1,8,64,dgx-a100,fp16," + 64 / t64 + ",100000000\n"
                + "synthetic-net,ALLREDUCE,1,1,8,128,dgx-a100,fp16," + 128 / t1 + ",100000000\n"));
        double expected = own.predict(eight, Target.STEP_TIME).asDouble().orElseThrow();
        assertThat(carried.predict(eight, Target.STEP_TIME).asDouble()).hasValueCloseTo(expected, within(1e-12));
        assertThat(expected).isGreaterThan(t1);
        assertThat(own.computeBasis(eight).orElseThrow()).contains("fitted on its own rows");
        assertThat(carried.computeBasis(eight).orElseThrow()).contains("carried", "dgx-1-v100", "V100-SXM2-16GB",
                "A100-SXM4-40GB", String.format(java.util.Locale.ROOT, "%.3f", FP16_RATIO), "catalogued links");
    }

    @Test
    void aMachineOutsideTheCatalogIsRefusedByName() {
        String why = reason(fit(DGX1).predict(query("synthetic-net,ALLREDUCE,1,1,8,128,my-cluster,fp16,1,100000000"),
                Target.STEP_TIME));
        assertThat(why).contains("has no single-GPU row", "'my-cluster' is not a catalogued device");
    }

    @Test
    void aDeviceWithoutThePeakOfThePrecisionIsRefusedNamingTheFigure() {
        String why = reason(fit(DGX1).predict(query("synthetic-net,ALLREDUCE,1,1,8,128,k80,fp16,1,100000000"),
                Target.STEP_TIME));
        assertThat(why).contains("K80 has no fp16_tflops");
    }

    @Test
    void aMachineWithRowsOfTheModelAtAnotherPrecisionKeepsItsRefusal() {
        List<Observation> train = new java.util.ArrayList<>(DGX1);
        train.addAll(read(HEADER + "synthetic-net,ALLREDUCE,1,1,8,128,dgx-a100,fp16,1100,100000000\n"));
        Config tf32 = query("synthetic-net,ALLREDUCE,1,1,8,128,dgx-a100,tf32,1,100000000");
        // Its own rows decide, as before: the former refusal, word for word.
        assertThat(reason(fit(train).predict(tf32, Target.STEP_TIME))).isEqualTo("allreduce-analytic has no "
                + "single-GPU row of syntheticnet@dgx-a100%tf32 in its training data (rows with workers = 1 on that "
                + "hardware, or of one node with several GPUs, would give its compute time)");
        assertThat(fit(train).computeBasis(tf32)).isEmpty();
    }

    @Test
    void aPrecisionNoOtherMachineRanIsRefusedAndAModelNoneRanKeepsTheFormerRefusal() {
        String bf16 = reason(fit(DGX1).predict(query("synthetic-net,ALLREDUCE,1,1,8,128,dgx-a100,bf16,1,100000000"),
                Target.STEP_TIME));
        assertThat(bf16).contains("on the other machines was measured at", "not at bf16");
        String other = reason(fit(DGX1).predict(query("other-net,ALLREDUCE,1,1,8,128,dgx-a100,fp16,1,100000000"),
                Target.STEP_TIME));
        assertThat(other).endsWith("would give its compute time)");
    }

    @Test
    void aModelRunAtOnePrecisionElsewhereIsRefusedForAnotherNamingThePrecisions() {
        // Synthetic: the model ran in FP16 only, on a DGX-1; asked in FP32 on a DGX A100 (no FP32 or TF32 line).
        List<Observation> fp16Only = DGX1.stream().filter(o -> o.config().statedPrecision()
                .map(p -> p == io.stepcast.api.Precision.FP16).orElse(false)).toList();
        String fp32 = reason(fit(fp16Only).predict(query(
                "synthetic-net,ALLREDUCE,1,1,8,128,dgx-a100,fp32,1,100000000"), Target.STEP_TIME));
        assertThat(fp32).endsWith("no other machine has a line of synthetic-net at fp32 (theirs are at another "
                + "precision; column precision)");
    }
}
