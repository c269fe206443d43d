package io.stepcast.queueing.simulation;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.importers.GenericCsvImporter;
import io.stepcast.datasets.zoo.ZooCatalog;
import io.stepcast.queueing.mva.MvaEstimator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * OneFlow's ResNet-50 rows of DLPerf's table (Oneflow-Inc/DLPerf@0770fdf8, reports/dlperf_benchmark_test_report_v1.md,
 * "ResNet50 V1.5, batch size = 128, FP32": 8 x Tesla V100-SXM2-16GB per node, one 100 Gb/s EDR NIC per node) with the
 * hardware written as the bare GPU: mva and the simulation cost the 2-node row's network at their default bandwidth,
 * which no figure of the machine gives; each now says so beside the answer ({@code Predictor#basis}), and says
 * nothing where the row states its bandwidth or names a system.
 */
class DefaultNetworkBasisTest {
    private static final HardwareCatalog CATALOG = new DefaultHardwareCatalog();

    @TempDir
    Path dir;

    private List<Observation> rows(String hardware, String bandwidth) throws IOException {
        Path f = Files.writeString(dir.resolve("oneflow.csv"), """
                model,architecture,workers,nodes,local_batch,precision,hardware,framework,bandwidth_gbps,throughput_samples_s
                ResNet-50v1.5,ALLREDUCE,1,1,128,fp32,HW,oneflow,BW,384.85
                ResNet-50v1.5,ALLREDUCE,8,1,128,fp32,HW,oneflow,BW,2969.45
                ResNet-50v1.5,ALLREDUCE,16,2,128,fp32,HW,oneflow,BW,5906.55
                """.replace("HW", hardware).replace("BW", bandwidth));
        ZooCatalog zoo = new ZooCatalog();
        return new GenericCsvImporter().read(f).observations().stream().map(o -> new Observation(
                o.config().toBuilder().parameterBytes(zoo.get(o.config().model()).parameterBytes()).build(),
                o.measurements(), o.source(), o.replication(), o.tags())).toList();
    }

    private static Optional<String> basis(Predictor p, Config twoNodes) {
        assertThat(p.predict(twoNodes, Target.THROUGHPUT).isValue()).isTrue();
        return p.basis(twoNodes, Target.THROUGHPUT);
    }

    @Test
    void aBareGpuOnTwoNodesSaysWhichNetworkTheDefaultStoodFor() throws IOException {
        List<Observation> rows = rows("V100-SXM2-16GB", "");
        TrainingSet oneNode = TrainingSet.of("oneflow one node", rows.subList(0, 2));
        Config twoNodes = rows.get(2).config();
        for (Predictor p : List.of(new MvaEstimator(Optional.of(CATALOG)).fit(oneNode),
                new SimulationEstimator(Optional.of(CATALOG)).fit(oneNode))) {
            assertThat(basis(p, twoNodes)).as(p.provenance().estimator()).hasValueSatisfying(b -> assertThat(b)
                    .startsWith("network across nodes: the default bandwidth-gbps, 10 Gbit/s per node, since hardware"
                            + " 'V100-SXM2-16GB' names a GPU whose catalogued systems have different networks (")
                    .contains("dgx-1-v100 400").endsWith("(state bandwidth_gbps, or a system as the hardware label)"));
            // One node needs no network.
            assertThat(p.basis(rows.get(1).config(), Target.THROUGHPUT)).isEmpty();
        }
    }

    @Test
    void aStatedBandwidthOrASystemLabelIsNoDefault() throws IOException {
        for (List<Observation> rows : List.of(rows("V100-SXM2-16GB", "100"), rows("dgx-1-v100+nics=1", ""))) {
            TrainingSet oneNode = TrainingSet.of("oneflow one node", rows.subList(0, 2));
            Predictor mva = new MvaEstimator(Optional.of(CATALOG)).fit(oneNode);
            assertThat(basis(mva, rows.get(2).config())).isEmpty();
        }
    }
}
