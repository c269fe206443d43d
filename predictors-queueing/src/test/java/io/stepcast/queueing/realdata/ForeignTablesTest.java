package io.stepcast.queueing.realdata;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.ProfiledRank;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.queueing.mva.MvaEstimator;
import io.stepcast.queueing.simulation.SimulationEstimator;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Tables of machines that are not in {@code shared/data}: the TensorFlow documentation's single-server tables of an
 * NVIDIA DGX-1 (8 P100) and a GCE n1-standard-32-k80x8 (the embedded {@code foreign-tables} source; tensorflow/tensorflow
 * commit 5984ffefd320c5d71b801ee06079a51b91ea42c0, {@code tensorflow/docs_src/performance/benchmarks.md}), synthetic
 * input data. One training file holds the 1-GPU rows of both machines.
 */
class ForeignTablesTest {
    private static final List<Observation> SYNTHETIC = read();

    private static List<Observation> read() {
        try {
            return new DefaultObservationCatalog().observations("foreign-tables", Optional.empty()).stream()
                    .filter(o -> o.tags().get("data").equals("synthetic")).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The 1-GPU rows with zoo profiles synthesised from them, each recorded on its row's machine (as suites do). */
    private static TrainingSet singleGpuRows() {
        return singleGpuRows(SYNTHETIC);
    }

    private static TrainingSet singleGpuRows(List<Observation> rows) {
        List<Observation> single = rows.stream().filter(o -> o.config().workers() == 1).toList();
        DefaultProfileSource zoo = new DefaultProfileSource();
        List<Profile> profiles = single.stream().map(o -> zoo.synthesise(o.config().model(), o.config().localBatch(),
                        o.value(Target.STEP_TIME).getAsDouble())
                .withRank(new ProfiledRank(0, 1, o.config().deployment().hardware()))).toList();
        return new TrainingSet("foreign-tables 1-GPU rows, both machines, zoo profiles", single, profiles);
    }

    private static Observation row(String hardware, String model, int batch, int gpus) {
        return SYNTHETIC.stream().filter(o -> o.config().deployment().hardware().equals(hardware)
                        && o.config().model().equals(model) && o.config().localBatch() == batch
                        && o.config().workers() == gpus)
                .findFirst().orElseThrow();
    }

    private static double throughput(Predictor p, Config c) {
        return p.predict(c, Target.THROUGHPUT).asDouble().orElseThrow(() -> new AssertionError(
                "refused " + c + ": " + p.predict(c, Target.THROUGHPUT)));
    }

    /** Each machine's rows start from its own 1-GPU row: the same model at the same batch was measured on both. */
    @Test
    void aTrainingFileWithTwoMachinesPredictsEachFromItsOwnSingleGpuRow() {
        Predictor sim = new SimulationEstimator(Optional.of(new DefaultHardwareCatalog())).fit(singleGpuRows());
        for (String hw : List.of("dgx-1-p100", "gcp-n1-k80")) {
            Observation one = row(hw, "ResNet-50", 64, 1);
            double measured = one.value(Target.THROUGHPUT).getAsDouble();
            // Within 2%: the simulation calibrates one worker in FIFO order without jitter (ICPE 2020) and predicts
            // in random order with 10% transfer jitter, which slows the PCIe copies to the host a little.
            assertThat(throughput(sim, one.config())).as(hw).isCloseTo(measured, within(0.02 * measured));
        }
        long answered = SYNTHETIC.stream().filter(o -> o.config().workers() > 1)
                .filter(o -> sim.predict(o.config(), Target.THROUGHPUT).asDouble().isPresent()).count();
        assertThat(answered).isEqualTo(SYNTHETIC.stream().filter(o -> o.config().workers() > 1).count());
        // The range is the simulated workers' spread: a row whose workers all ran alike gets none, never [x, x].
        for (Observation o : SYNTHETIC) {
            if (sim.predict(o.config(), Target.THROUGHPUT) instanceof io.stepcast.api.Prediction.Value v
                    && v.lower().isPresent()) {
                assertThat(v.upper().getAsDouble()).as(o.source()).isGreaterThan(v.lower().getAsDouble());
            }
        }
    }

    /**
     * The DGX-1's ResNet-50 keeps its variables on the host CPU ({@code local_parameter_device=cpu}); with eight GPUs
     * each moves its 102 MB of gradients and parameters over its PCIe link to the host, two GPUs to a switch, and the
     * table shows near-linear scaling. Over one shared host bus (no catalog) both models lose a third of it.
     */
    @Test
    void parameterServersInsideOneServerUseEachGpusOwnLink() {
        Observation eight = row("dgx-1-p100", "ResNet-50", 64, 8);
        double measured = eight.value(Target.THROUGHPUT).getAsDouble();
        for (boolean withCatalog : List.of(true, false)) {
            Optional<io.stepcast.api.hardware.HardwareCatalog> catalog =
                    withCatalog ? Optional.of(new DefaultHardwareCatalog()) : Optional.empty();
            for (Estimator e : List.of(new SimulationEstimator(catalog), new MvaEstimator(catalog))) {
                double predicted = throughput(e.fit(singleGpuRows()), eight.config());
                if (withCatalog) {
                    assertThat(predicted).as(e.name()).isCloseTo(measured, within(0.05 * measured));
                } else {
                    assertThat(predicted).as(e.name() + " without the catalog").isLessThan(0.8 * measured);
                }
            }
        }
    }

    /**
     * The K80's two dies share one board and its one PCIe x16 to the host, so from two GPUs on the copies of a
     * parameter server on the CPU run at half the link: VGG16 (553 MB of parameters) measured 92%, 85% and 83% of
     * linear at 2, 4 and 8 GPUs. With the board's sharing, MVA and the simulation predict a loss on every row and
     * are closer than linear scaling. One die alone (the 1-GPU row) is reproduced by MVA, and within 4% by the
     * simulation, which calibrates in FIFO order without jitter (ICPE 2020) but predicts in random order with 10%
     * transfer jitter: on VGG16 the copies are 8% of the K80's step.
     */
    @Test
    void theTwoDiesOfAK80BoardShareItsHostLink() {
        Optional<io.stepcast.api.hardware.HardwareCatalog> catalog = Optional.of(new DefaultHardwareCatalog());
        double one = row("gcp-n1-k80", "VGG16", 32, 1).value(Target.THROUGHPUT).getAsDouble();
        for (Estimator e : List.of(new SimulationEstimator(catalog), new MvaEstimator(catalog))) {
            Predictor p = e.fit(singleGpuRows());
            double tolerance = e.name().equals("mva") ? 0.01 : 0.04;
            assertThat(throughput(p, row("gcp-n1-k80", "VGG16", 32, 1).config())).as(e.name())
                    .isCloseTo(one, within(tolerance * one));
            for (int gpus : List.of(2, 4, 8)) {
                Observation o = row("gcp-n1-k80", "VGG16", 32, gpus);
                double measured = o.value(Target.THROUGHPUT).getAsDouble();
                double predicted = throughput(p, o.config());
                double linear = gpus * one;
                assertThat(predicted).as(e.name() + " at " + gpus).isLessThan(0.97 * linear);
                assertThat(Math.abs(predicted - measured)).as(e.name() + " at " + gpus)
                        .isLessThan(Math.abs(linear - measured));
            }
        }
    }

    /**
     * A user whose PCIe server the catalog does not list states it by its parts, host sharing included: the K80 rows
     * labelled {@code K80+gpus=8+intra=pcie-3-x16+nic=eth-32g+host-share=2} are predicted as those of the
     * catalogued {@code gcp-n1-k80}; without {@code host-share} each die has a link of its own, and less is lost.
     */
    @Test
    void aServerComposedFromItsPartsStatesItsSharedHostLinks() {
        Optional<io.stepcast.api.hardware.HardwareCatalog> catalog = Optional.of(new DefaultHardwareCatalog());
        Observation eight = row("gcp-n1-k80", "VGG16", 32, 8);
        double catalogued = throughput(new MvaEstimator(catalog).fit(singleGpuRows()), eight.config());
        double unshared = Double.NaN;
        for (String label : List.of("K80+gpus=8+intra=pcie-3-x16+nic=eth-32g+host-share=2",
                "K80+gpus=8+intra=pcie-3-x16+nic=eth-32g")) {
            List<Observation> relabelled = SYNTHETIC.stream().map(o -> o.config().deployment().hardware()
                    .equals("gcp-n1-k80") ? relabel(o, label) : o).toList();
            double predicted = throughput(new MvaEstimator(catalog).fit(singleGpuRows(relabelled)),
                    relabel(eight, label).config());
            if (label.contains("host-share")) {
                assertThat(predicted).as(label).isCloseTo(catalogued, within(1e-9 * catalogued));
            } else {
                unshared = predicted;
            }
        }
        assertThat(unshared).isGreaterThan(1.05 * catalogued);
    }

    private static Observation relabel(Observation o, String hardware) {
        return new Observation(o.config().toBuilder().hardware(hardware).build(), o.measurements(), o.source(),
                o.replication(), o.tags());
    }

    /**
     * MVA answers an all-reduce row too (compute, then the catalog's all-reduce, no overlap): VGG16 on the DGX-1's
     * NVLink, where the table measured 1,081 images/s at 8 GPUs and 154 at 1.
     */
    @Test
    void mvaAnswersTheAllReduceRowsOfAMixedFile() {
        Observation eight = row("dgx-1-p100", "VGG16", 64, 8);
        double measured = eight.value(Target.THROUGHPUT).getAsDouble();
        double linear = 8 * row("dgx-1-p100", "VGG16", 64, 1).value(Target.THROUGHPUT).getAsDouble();
        double predicted = throughput(new MvaEstimator(Optional.of(new DefaultHardwareCatalog())).fit(singleGpuRows()),
                eight.config());
        assertThat(predicted).isLessThan(linear).isCloseTo(measured, within(0.15 * measured));
    }
}
