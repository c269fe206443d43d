package io.stepcast.queueing.simulation;

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
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real multi-node parameter-server rows on a catalogued system: the TensorFlow benchmark page's "Amazon EC2
 * Distributed (NVIDIA Tesla K80)" ResNet-50 rows (tensorflow/tensorflow, {@code tensorflow/docs_src/performance/
 * benchmarks.md}, May 2017, as in shared/data {@code tf-benchmarks/tf_cnn_benchmarks_2017_aws_k80.csv} and
 * {@code docs/examples/resnet50-k80-*.csv}): p2.8xlarge instances, one worker and one parameter server on each,
 * synchronous. Written with the system's label and no {@code bandwidth_gbps}, the network of the job and of its
 * single-worker rows is the catalog's one 10 Gigabit port of aws-p2.8xlarge, the AWS rating the page's table states:
 * the answers are those of the rows stating it, whatever the default, with no note. Written with the bare GPU, whose catalogued systems
 * disagree (10 and 32 Gbit/s), the default stands in and the basis says so.
 */
class TfBenchmarksPsNetworkTest {
    private static final HardwareCatalog CATALOG = new DefaultHardwareCatalog();
    /** Training: one p2.8xlarge (1 and 8 GPUs); test: 2, 4 and 8 instances. Batch 64 and 32 per GPU. */
    private static final String ROWS = """
            model,architecture,workers,nodes,local_batch,parameter_servers,colocated_ps,hardware,bandwidth_gbps,throughput_samples_s
            ResNet-50,SYNC_PS,1,1,64,1,true,HW,BW,52.4
            ResNet-50,SYNC_PS,8,1,64,1,true,HW,BW,378
            ResNet-50,SYNC_PS,1,1,32,1,true,HW,BW,48.4
            ResNet-50,SYNC_PS,8,1,32,1,true,HW,BW,333
            ResNet-50,SYNC_PS,16,2,64,2,true,HW,BW,751
            ResNet-50,SYNC_PS,32,4,64,4,true,HW,BW,1388
            ResNet-50,SYNC_PS,64,8,64,8,true,HW,BW,2744
            ResNet-50,SYNC_PS,16,2,32,2,true,HW,BW,667
            ResNet-50,SYNC_PS,32,4,32,4,true,HW,BW,1180
            ResNet-50,SYNC_PS,64,8,32,4,true,HW,BW,2315
            """;

    @TempDir
    Path dir;

    private List<Observation> rows(String hardware, String bandwidth) throws IOException {
        Path f = Files.writeString(dir.resolve("aws-distributed.csv"),
                ROWS.replace("HW", hardware).replace("BW", bandwidth));
        // The model's parameter bytes from the zoo, as the command line fills them in.
        ZooCatalog zoo = new ZooCatalog();
        return new GenericCsvImporter().read(f).observations().stream().map(o -> new Observation(
                o.config().toBuilder().parameterBytes(zoo.get(o.config().model()).parameterBytes()).build(),
                o.measurements(), o.source(), o.replication(), o.tags())).toList();
    }

    private static List<Predictor> fitted(List<Observation> rows) {
        return fitted(rows, Map.of());
    }

    private static List<Predictor> fitted(List<Observation> rows, Map<String, String> hp) {
        TrainingSet oneNode = TrainingSet.of("one p2.8xlarge", rows.subList(0, 4));
        return List.of(new MvaEstimator(Optional.of(CATALOG)).withHyperParameters(hp).fit(oneNode),
                new SimulationEstimator(Optional.of(CATALOG)).withHyperParameters(hp).fit(oneNode));
    }

    private static double throughput(Predictor p, Observation o) {
        var prediction = p.predict(o.config(), Target.THROUGHPUT);
        assertThat(prediction.isValue()).as(p.provenance().estimator() + ": " + prediction).isTrue();
        return prediction.asDouble().getAsDouble();
    }

    @Test
    void theSystemsLabelWithoutBandwidthGetsTheCataloguedPortTheTableStates() throws IOException {
        List<Observation> unstated = rows("p2.8xlarge", "");
        List<Observation> stated = rows("p2.8xlarge", "10");
        // A default far from the port (1 Gbit/s) shows it is not what the unstated rows took.
        List<Predictor> fromCatalog = fitted(unstated, Map.of("bandwidth-gbps", "1"));
        List<Predictor> fromTable = fitted(stated, Map.of("bandwidth-gbps", "1"));
        for (int i = 0; i < 2; i++) {
            for (int row = 4; row < 10; row++) {
                assertThat(throughput(fromCatalog.get(i), unstated.get(row)))
                        .isEqualTo(throughput(fromTable.get(i), stated.get(row)));
                assertThat(fromCatalog.get(i).basis(unstated.get(row).config(), Target.THROUGHPUT)).isEmpty();
            }
        }
    }

    @Test
    void theBareGpuTakesTheDefaultAndSaysWhichSystemsDisagree() throws IOException {
        List<Observation> rows = rows("K80", "");
        for (Predictor p : fitted(rows)) {
            throughput(p, rows.get(4));
            assertThat(p.basis(rows.get(4).config(), Target.THROUGHPUT)).as(p.provenance().estimator())
                    .hasValueSatisfying(b -> assertThat(b).startsWith("network across nodes: the default"
                            + " bandwidth-gbps, 10 Gbit/s per node, since hardware 'K80' names a GPU whose catalogued"
                            + " systems have different networks (aws-p2.8xlarge 10, gcp-n1-k80 32"));
        }
    }

    /**
     * The page's DGX-1 (P100) single-server table, as in {@code docs/examples/dgx1-p100-*} (tensorflow/tensorflow
     * commit 5984ffefd320c5d71b801ee06079a51b91ea42c0, {@code tensorflow/docs_src/performance/benchmarks.md}): its
     * parameter-server rows state no {@code colocated_ps}, so the server is taken as on another host, and no
     * network. Fitted on the 1- and 8-GPU rows, the simulation costs the held-out 2- and 4-GPU rows' transfers over the
     * DGX-1's four EDR ports, each within 5% of the measured rate; over the 10 Gbit/s default (which stating 10
     * still gives) each is more than 5% low.
     */
    @Test
    void theDgx1TablesParameterServerRowsCrossItsFourPorts() throws IOException {
        String table = """
                model,architecture,workers,nodes,gpus_per_node,local_batch,parameter_servers,hardware,bandwidth_gbps,throughput_samples_s
                InceptionV3,SYNC_PS,1,1,8,64,1,dgx-1-p100,BW,142
                ResNet-50,SYNC_PS,1,1,8,64,1,dgx-1-p100,BW,219
                ResNet-152,SYNC_PS,1,1,8,64,1,dgx-1-p100,BW,91.8
                InceptionV3,SYNC_PS,8,1,8,64,1,dgx-1-p100,BW,1131
                ResNet-50,SYNC_PS,8,1,8,64,1,dgx-1-p100,BW,1734
                ResNet-152,SYNC_PS,8,1,8,64,1,dgx-1-p100,BW,716
                InceptionV3,SYNC_PS,2,1,8,64,1,dgx-1-p100,BW,284
                ResNet-50,SYNC_PS,2,1,8,64,1,dgx-1-p100,BW,422
                ResNet-152,SYNC_PS,2,1,8,64,1,dgx-1-p100,BW,181
                InceptionV3,SYNC_PS,4,1,8,64,1,dgx-1-p100,BW,569
                ResNet-50,SYNC_PS,4,1,8,64,1,dgx-1-p100,BW,852
                ResNet-152,SYNC_PS,4,1,8,64,1,dgx-1-p100,BW,356
                """;
        for (String bandwidth : List.of("", "10")) {
            Path f = Files.writeString(dir.resolve("dgx1-p100.csv"), table.replace("BW", bandwidth));
            ZooCatalog zoo = new ZooCatalog();
            List<Observation> rows = new GenericCsvImporter().read(f).observations().stream().map(o -> new Observation(
                    o.config().toBuilder().parameterBytes(zoo.get(o.config().model()).parameterBytes()).build(),
                    o.measurements(), o.source(), o.replication(), o.tags())).toList();
            Predictor sim = new SimulationEstimator(Optional.of(CATALOG))
                    .fit(TrainingSet.of("1 and 8 GPUs", rows.subList(0, 6)));
            for (Observation o : rows.subList(6, 12)) {
                double measured = o.value(Target.THROUGHPUT).getAsDouble();
                double error = throughput(sim, o) / measured - 1;
                if (bandwidth.isEmpty()) {
                    assertThat(error).as(o.config().model() + " x" + o.config().workers()).isBetween(-0.05, 0.05);
                } else {
                    assertThat(error).as(o.config().model() + " x" + o.config().workers()).isLessThan(-0.05);
                }
            }
        }
    }
}
