package io.stepcast.analytic.megatron;

import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Recompute;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code megatron-analytic} with its default constants (fitted on vTrain's single-node A100 table, nothing fitted
 * here) against the iteration times Korthikanti et al. (MLSys 2023) measured for GPT models of 22B to 1T parameters
 * on 8 to 512 A100 80GB GPUs of DGX A100 nodes, with full recomputation and with sequence parallelism plus selective
 * recomputation (the test resource {@code korthikanti-mlsys23-iteration-times.csv} cites its source), their
 * interleaved-schedule sends blocking, as the 2022 Megatron-LM ran them ({@code overlap_p2p_comm} false, cited there). A check of the
 * extrapolation far outside the fitted range, never fitted to: the bounds are the issue's target for the mean (8%,
 * with the margin of its last digit) and a per-run bound; the errors are printed.
 */
class PublishedIterationTimesTest {
    /** DGX A100 nodes with the 80 GB A100 of Selene, composed from the catalog's parts. */
    private static final String SELENE = "dgx-a100+device=A100-SXM4-80GB";
    /** Largest relative error accepted for one run. */
    private static final double TOLERANCE = 0.15;
    /** Largest mean absolute relative error accepted over the runs. */
    private static final double MEAN_TOLERANCE = 0.085;

    private record Run(String model, int layers, int hidden, int heads, int t, int p, int batch, int micro, int v,
                       String mode, double seconds, boolean overlapP2pComm) {
        ParallelLayout layout() {
            boolean seqsel = mode.equals("seqsel");
            return ParallelLayout.builderForGlobalBatch(t, p, 1, micro, batch).virtualStages(v).sequenceParallel(seqsel)
                    .recompute(seqsel ? Recompute.SELECTIVE : Recompute.FULL).precision(Precision.FP16)
                    .overlapP2pComm(overlapP2pComm).build();
        }

        Config config() {
            ParallelLayout l = layout();
            return Config.builder().model("gpt-l" + layers + "-h" + hidden + "-a" + heads + "-s2048-v51200")
                    .hardware(SELENE).parallel(l).nodes(l.gpus() / 8).build();
        }
    }

    private static List<Run> runs() throws IOException {
        List<Run> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
                PublishedIterationTimesTest.class.getResourceAsStream("korthikanti-mlsys23-iteration-times.csv")),
                StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("#") || line.startsWith("model,") || line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",");
                out.add(new Run(f[0], Integer.parseInt(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                        Integer.parseInt(f[4]), Integer.parseInt(f[5]), Integer.parseInt(f[6]), Integer.parseInt(f[7]),
                        Integer.parseInt(f[8]), f[9], Double.parseDouble(f[10]), Boolean.parseBoolean(f[11])));
            }
        }
        return out;
    }

    @Test
    void theDefaultConstantsExtrapolateToThePublishedLargeRuns() throws IOException {
        Predictor analytic = MegatronAnalyticRealDataTest.estimator()
                .withHyperParameters(Map.of("efficiency", "vtrain-a100")).fit(TrainingSet.of("none", List.of()));
        List<Run> runs = runs();
        assertThat(runs).hasSize(8);
        double sum = 0;
        for (Run run : runs) {
            Prediction pr = analytic.predict(run.config(), Target.STEP_TIME);
            assertThat(pr.isValue()).as(run + ": " + pr).isTrue();
            double predicted = pr.asDouble().getAsDouble();
            double error = predicted / run.seconds() - 1;
            sum += Math.abs(error);
            System.out.printf(Locale.ROOT, "%-5s %-6s measured %7.2f s, megatron-analytic %7.2f s (%+.1f%%)%n",
                    run.model(), run.mode(), run.seconds(), predicted, 100 * error);
            assertThat(Math.abs(error)).as(run.model() + " " + run.mode()).isLessThan(TOLERANCE);
        }
        System.out.printf(Locale.ROOT, "mean absolute error %.1f%%%n", 100 * sum / runs.size());
        assertThat(sum / runs.size()).isLessThan(MEAN_TOLERANCE);
    }

    @Test
    void sequenceParallelismWithSelectiveRecomputationIsPredictedFasterThanFullRecomputation() throws IOException {
        // As measured: each model's seqsel run is the faster one.
        Predictor analytic = MegatronAnalyticRealDataTest.estimator()
                .withHyperParameters(Map.of("efficiency", "vtrain-a100")).fit(TrainingSet.of("none", List.of()));
        List<Run> runs = runs();
        for (int i = 0; i < runs.size(); i += 2) {
            double full = analytic.predict(runs.get(i).config(), Target.STEP_TIME).asDouble().getAsDouble();
            double seqsel = analytic.predict(runs.get(i + 1).config(), Target.STEP_TIME).asDouble().getAsDouble();
            assertThat(seqsel).as(runs.get(i).model()).isLessThan(full);
        }
    }
}
