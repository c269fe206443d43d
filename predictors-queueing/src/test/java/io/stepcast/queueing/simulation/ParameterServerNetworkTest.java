package io.stepcast.queueing.simulation;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.importers.GenericCsvImporter;
import io.stepcast.queueing.mva.MvaEstimator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Synthetic mechanics (made-up step times and parameter bytes, no measurement): a parameter-server job's transfers
 * between hosts cross the network the all-reduce path reads ({@link AllReduceLinks#networkBytesPerS}): a stated
 * {@code bandwidth_gbps} first, then the NICs of the catalogued system the label names ({@code dgx-1-v100}: four
 * 100 Gbit/s EDR ports per node, the catalog's figure), then the {@code bandwidth-gbps} default, which the answer's
 * basis then names. The single-worker row's own network (its remote server's transfers) comes from the same lookup.
 */
class ParameterServerNetworkTest {
    private static final HardwareCatalog CATALOG = new DefaultHardwareCatalog();
    private static final double GBIT = 1e9 / 8;

    @TempDir
    Path dir;

    /** One synthetic single-worker row with a remote server, then a synchronous job of 16 workers on 2 nodes. */
    private List<Observation> rows(String hardware, String trainGbps, String testGbps) throws IOException {
        Path f = Files.writeString(dir.resolve("ps.csv"), """
                model,architecture,workers,nodes,local_batch,parameter_servers,colocated_ps,parameter_bytes,hardware,bandwidth_gbps,throughput_samples_s
                ResNet-50,SYNC_PS,1,1,64,1,false,102000000,HW,TRAIN,200
                ResNet-50,SYNC_PS,16,2,64,2,true,102000000,HW,TEST,1000
                """.replace("HW", hardware).replace("TRAIN", trainGbps).replace("TEST", testGbps));
        return new GenericCsvImporter().read(f).observations();
    }

    private static List<Predictor> fitted(List<Observation> rows) {
        TrainingSet train = TrainingSet.of("synthetic single worker", rows.subList(0, 1));
        return List.of(new MvaEstimator(Optional.of(CATALOG)).fit(train),
                new SimulationEstimator(Optional.of(CATALOG)).fit(train));
    }

    private static double throughput(Predictor p, Config c) {
        var prediction = p.predict(c, Target.THROUGHPUT);
        assertThat(prediction.isValue()).as(p.provenance().estimator() + ": " + prediction).isTrue();
        return prediction.asDouble().getAsDouble();
    }

    @Test
    void theLookupTakesTheStatedBandwidthThenTheSystemsNicsThenTheDefault() {
        AllReduceLinks links = new AllReduceLinks(Optional.of(CATALOG));
        assertThat(links.networkBytesPerS("dgx-1-v100", OptionalDouble.empty(), 10)).isEqualTo(400 * GBIT);
        assertThat(links.networkBytesPerS("dgx-1-v100+nics=1", OptionalDouble.empty(), 10)).isEqualTo(100 * GBIT);
        assertThat(links.networkBytesPerS("dgx-1-v100", OptionalDouble.of(25), 10)).isEqualTo(25 * GBIT);
        // A GPU whose systems have different NICs, a label the catalog lacks, and none: the default.
        assertThat(links.networkBytesPerS("V100-SXM2-16GB", OptionalDouble.empty(), 10)).isEqualTo(10 * GBIT);
        assertThat(links.networkBytesPerS("my-cluster", OptionalDouble.empty(), 10)).isEqualTo(10 * GBIT);
        assertThat(links.networkBytesPerS("unknown", OptionalDouble.empty(), 7)).isEqualTo(7 * GBIT);
        assertThat(new AllReduceLinks(Optional.empty()).networkBytesPerS("dgx-1-v100", OptionalDouble.empty(), 10))
                .isEqualTo(10 * GBIT);
    }

    @Test
    void aCataloguedSystemWithoutBandwidthGetsItsNicsOnBothSides() throws IOException {
        List<Predictor> unstated = fitted(rows("dgx-1-v100", "", ""));
        List<Predictor> stated400 = fitted(rows("dgx-1-v100", "400", "400"));
        List<Predictor> stated10 = fitted(rows("dgx-1-v100", "10", "10"));
        Config unstatedJob = rows("dgx-1-v100", "", "").get(1).config();
        Config job400 = rows("dgx-1-v100", "400", "400").get(1).config();
        Config job10 = rows("dgx-1-v100", "10", "10").get(1).config();
        for (int i = 0; i < 2; i++) {
            double catalogued = throughput(unstated.get(i), unstatedJob);
            // The four EDR ports are what the row would state: the same answer, fit and prediction alike.
            assertThat(catalogued).isCloseTo(throughput(stated400.get(i), job400), within(1e-9 * catalogued));
            // Before, both sides took the 10 Gbit/s default: the same answer as stating 10, which differs.
            assertThat(Math.abs(catalogued - throughput(stated10.get(i), job10))).isGreaterThan(0.01 * catalogued);
            assertThat(unstated.get(i).basis(unstatedJob, Target.THROUGHPUT)).isEmpty();
        }
    }

    @Test
    void theStatedBandwidthWinsOverTheCatalog() throws IOException {
        List<Predictor> unstated = fitted(rows("dgx-1-v100", "", ""));
        Config dgx10 = rows("dgx-1-v100", "", "10").get(1).config();
        Config dgx400 = rows("dgx-1-v100", "", "").get(1).config();
        for (int i = 0; i < 2; i++) {
            assertThat(throughput(unstated.get(i), dgx10)).isLessThan(throughput(unstated.get(i), dgx400));
            assertThat(unstated.get(i).basis(dgx10, Target.THROUGHPUT)).isEmpty();
        }
    }

    @Test
    void anUncataloguedLabelKeepsTheDefaultAndSaysSo() throws IOException {
        List<Observation> rows = rows("my-cluster", "", "");
        List<Observation> stated = rows("my-cluster", "10", "10");
        List<Predictor> unstated = fitted(rows);
        List<Predictor> tens = fitted(stated);
        for (int i = 0; i < 2; i++) {
            Predictor p = unstated.get(i);
            double t = throughput(p, rows.get(1).config());
            assertThat(t).isCloseTo(throughput(tens.get(i), stated.get(1).config()), within(1e-9 * t));
            assertThat(p.basis(rows.get(1).config(), Target.THROUGHPUT)).as(p.provenance().estimator())
                    .hasValue("network across nodes: the default bandwidth-gbps, 10 Gbit/s per node, since hardware"
                            + " 'my-cluster' is not in the hardware catalog (state bandwidth_gbps, or a system as the"
                            + " hardware label)");
            // One node of parameter servers: no network note.
            assertThat(p.basis(rows.get(0).config(), Target.THROUGHPUT)).isEmpty();
        }
    }
}
