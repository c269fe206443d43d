package io.stepcast.analytic;

import io.stepcast.analytic.allreduce.AllreduceAnalyticEstimator;
import io.stepcast.analytic.transfer.OverheadTransferEstimator;
import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.importers.GenericCsvImporter;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Measured on a DGX-1, what on a DGX A100?" on NVIDIA DeepLearningExamples' published training tables (sources in
 * each file's header comments, {@code src/test/resources/published/}): {@code overhead-transfer} fitted on one DGX-1's
 * 1- and 8-GPU rows (V100; mixed precision and FP32, at the DGX-1's batches) predicts the DGX A100's (mixed precision
 * and TF32 at batch 128), and so does {@code allreduce-analytic}, carrying the DGX-1's compute lines by the same device
 * figures. The bounds are the measured MAPE rounded up: a change of the physics that moves them fails.
 */
class DleCrossHardwareTest {
    private static List<Observation> read(String resource) throws IOException {
        try (InputStream in = DleCrossHardwareTest.class.getResourceAsStream("/published/" + resource)) {
            return new GenericCsvImporter().read(in, resource, resource).observations();
        }
    }

    private static boolean onA100(Observation o) {
        return o.config().deployment().hardware().toLowerCase(Locale.ROOT).contains("a100");
    }

    @ParameterizedTest
    @CsvSource({
            "dle-resnext101-32x4d-pytorch-46ff3707.csv, 16GB, 23.0",
            "dle-resnext101-32x4d-pytorch-46ff3707.csv, 32GB, 23.5",
            "dle-se-resnext101-32x4d-pytorch-0107cf27.csv, 16GB, 29.0",
            "dle-se-resnext101-32x4d-pytorch-0107cf27.csv, 32GB, 28.5"})
    void everyDgxA100RowIsAnsweredFromOneDgx1(String file, String dgx1Memory, double mapeBound) throws IOException {
        List<Observation> rows = read(file);
        // The DGX-1 32GB resolves to the DGX-1 with its 32 GB V100 (dgx-1-v100+device=V100-SXM2-32GB).
        List<Observation> train = rows.stream().filter(o -> !onA100(o) && dgx1Memory.equals("32GB")
                == o.config().deployment().hardware().toLowerCase(Locale.ROOT).contains("32gb")).toList();
        assertThat(train).hasSize(4);
        List<Observation> test = rows.stream().filter(DleCrossHardwareTest::onA100).toList();
        assertThat(test).hasSize(4);
        Predictor p = new OverheadTransferEstimator(Optional.of(new DefaultHardwareCatalog()),
                Optional.of(new ZooCatalog())).fit(TrainingSet.of(file + ":dgx-1-" + dgx1Memory, train));
        double[] ape = RealData.ape(p, test, Target.THROUGHPUT);
        double mape = RealData.mean(ape);
        System.out.printf("overhead-transfer %s DGX-1 %s -> DGX A100: %d of %d answered, MAPE %.2f%%%n", file,
                dgx1Memory, ape.length - RealData.missing(ape), ape.length, mape);
        assertThat(RealData.missing(ape)).isZero();
        assertThat(mape).isLessThan(mapeBound);
    }

    /** One DGX-1's 1- and 8-GPU rows of the file: the training side of both predictors. */
    private static List<Observation> dgx1(List<Observation> rows, String dgx1Memory) {
        return rows.stream().filter(o -> !onA100(o) && dgx1Memory.equals("32GB")
                == o.config().deployment().hardware().toLowerCase(Locale.ROOT).contains("32gb")).toList();
    }

    /**
     * {@code allreduce-analytic} fitted on the same DGX-1 rows has no compute line of the DGX A100 and carries the
     * DGX-1's lines there by the catalog's device figures; the 8-GPU rows add the A100 system's catalogued NVSwitch
     * all-reduce. Nothing of the A100 rows is fitted. The bounds are the measured MAPE rounded up.
     */
    @ParameterizedTest
    @CsvSource({
            "dle-resnext101-32x4d-pytorch-46ff3707.csv, 16GB, 26.0",
            "dle-resnext101-32x4d-pytorch-46ff3707.csv, 32GB, 26.5",
            "dle-se-resnext101-32x4d-pytorch-0107cf27.csv, 16GB, 38.5",
            "dle-se-resnext101-32x4d-pytorch-0107cf27.csv, 32GB, 36.5"})
    void allreduceAnalyticCarriesTheDgx1ComputeLinesToTheDgxA100(String file, String dgx1Memory, double mapeBound)
            throws IOException {
        List<Observation> rows = read(file);
        List<Observation> train = dgx1(rows, dgx1Memory);
        assertThat(train).hasSize(4);
        List<Observation> test = rows.stream().filter(DleCrossHardwareTest::onA100).toList();
        AllreduceAnalyticEstimator.Fitted p = (AllreduceAnalyticEstimator.Fitted) new AllreduceAnalyticEstimator(
                Optional.of(new DefaultHardwareCatalog()), Optional.of(new ZooCatalog()))
                .fit(TrainingSet.of(file + ":dgx-1-" + dgx1Memory, train));
        double[] ape = RealData.ape(p, test, Target.THROUGHPUT);
        double mape = RealData.mean(ape);
        System.out.printf("allreduce-analytic %s DGX-1 %s -> DGX A100: %d of %d answered, MAPE %.2f%%%n", file,
                dgx1Memory, ape.length - RealData.missing(ape), ape.length, mape);
        for (Observation o : test) {
            Config c = o.config();
            System.out.printf("  %d GPU %s: predicted %.1f, measured %.1f samples/s%n", c.workers(),
                    c.precisionTag(), p.predict(c, Target.THROUGHPUT).asDouble().orElse(Double.NaN),
                    o.value(Target.THROUGHPUT).getAsDouble());
        }
        System.out.println("  " + p.computeBasis(test.get(0).config()).orElse("-"));
        assertThat(test).hasSize(4);
        assertThat(RealData.missing(ape)).isZero();
        for (Observation o : test) {
            assertThat(p.computeBasis(o.config()).orElseThrow()).contains("compute carried to", "from the compute "
                    + "line of dgx-1-v100", "V100-SXM2-" + dgx1Memory, "times 0.");
        }
        assertThat(mape).isLessThan(mapeBound);
    }
}
