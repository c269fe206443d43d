package io.stepcast.analytic.megatron;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.models.collective.CatalogCollectiveModel;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.testing.PinSample;
import io.stepcast.api.testing.PinnedLines;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.analytic.allreduce.GradientSync;
import io.stepcast.analytic.collective.CollectiveCatalogEstimator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * Pins the collective times that the regression module's callers of the collective cost model give, and those of
 * {@link CatalogCollectiveModel}, for a spread of synthetic cases: the catalog's A100, V100, T4 and K80 systems
 * (NVSwitch, NVLink cube-mesh and PCIe), device labels, a composed system, one node and several, uneven
 * placements, stated bandwidths, small and large messages. The expected lines are the numbers these callers gave
 * before they shared one cost model ({@link io.stepcast.models.collective.CollectiveCost}); a refusal is pinned with
 * its reason. The test computes the whole grid and pins a deterministic sample of it ({@link PinSample}): every
 * combination of caller, system or label, stated bandwidths and algorithm with protocol, and every answer (numbers,
 * a refusal's wording, an error) and placement shape each caller gives, with all the message sizes of each kept
 * case. On a line, a value equal to the one before it is written {@code =}. Rewritten with
 * {@code -Dstepcast.pins.write=FILE} (which writes the sample) only when a change is intended and explained.
 * The changes so far, each deliberate:
 * <ul>
 *   <li>an all-to-all across nodes, which the two-level schedule does not have, was an error for
 *       {@link CatalogCollectiveModel} and {@code collective-catalog}; it is now the flat exchange over the NICs
 *       the simulation already took (with the tree, which has no all-to-all, still an error, now the tree's);</li>
 *   <li>{@link CatalogCollectiveModel#of} on one rank threw a NullPointerException; it is now a model of one node
 *       whose collectives cost nothing.</li>
 *   <li>the Megatron predictors' {@link LinkCosts} take an all-reduce inside one node at NCCL's measured time where
 *       the node's link and rank count were measured ({@link MeasuredAllReduce}: NVSwitch A100 and NVLink V100
 *       nodes, 2 to 8 GPUs), and the catalog's figures elsewhere.</li>
 * </ul>
 */
class CollectiveCallersPinTest {
    private static final String PINS = "collective-callers.tsv";
    private static final List<String> SYSTEMS = List.of("dgx-a100", "dgx-1-v100", "aws-p3.16xlarge",
            "aws-g4dn.12xlarge", "aws-p2.8xlarge", "dgx-2", "vtrain-a100", "gavel-v100",
            "A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-25g");
    private static final List<String> LABELS = List.of("dgx-a100", "dgx-1-v100", "aws-g4dn.12xlarge", "T4", "V100",
            "A100", "K80", "V100-SXM2-32GB", "vtrain-v100", "gavel-k80", "no-such-gpu",
            "A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-25g");
    private static final double[] BYTES = {0, 4096, 1 << 28};
    private static final int[][] LAYOUTS = {{1, 1}, {2, 1}, {4, 1}, {8, 1}, {2, 2}, {4, 2}, {16, 2}, {10, 3}, {7, 3},
            {32, 4}, {64, 8}, {128, 16}, {16, 16}};
    private static final OptionalDouble[][] STATED = {{OptionalDouble.empty(), OptionalDouble.empty()},
            {OptionalDouble.of(100), OptionalDouble.empty()}, {OptionalDouble.empty(), OptionalDouble.of(40)},
            {OptionalDouble.of(80), OptionalDouble.of(200)}};
    private static final Collective[] OPS = {Collective.ALL_REDUCE, Collective.ALL_GATHER, Collective.BROADCAST,
            Collective.ALL_TO_ALL, Collective.SEND_RECV};

    private static final List<String> ESTIMATOR_LABELS = List.of("dgx-a100", "dgx-1-v100", "aws-g4dn.12xlarge",
            "aws-p2.8xlarge", "vtrain-a100", "gavel-v100", "T4", "A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-25g");
    private static final int[][] ESTIMATOR_LAYOUTS = {{1, 1}, {2, 1}, {8, 1}, {2, 2}, {16, 2}, {32, 4}, {128, 16},
            {16, 16}};
    private static final Collective[] ESTIMATOR_OPS = {Collective.ALL_REDUCE, Collective.ALL_TO_ALL,
            Collective.BROADCAST};

    private final HardwareCatalog catalog = new DefaultHardwareCatalog();
    private final List<Row> rows = new ArrayList<>();

    /**
     * One computed case: its key columns (tab-separated, the caller first) and what it gave.
     *
     * @param values each value, or the error it threw; a single {@code empty} or error when there was nothing to ask
     */
    private record Row(String key, List<String> values) {
        /** The pinned line: the key, then the values, each one equal to the one before it written {@code =}. */
        String line() {
            StringBuilder b = new StringBuilder(key);
            for (int i = 0; i < values.size(); i++) {
                b.append('\t').append(i > 0 && values.get(i).equals(values.get(i - 1)) ? "=" : values.get(i));
            }
            return b.toString();
        }

        /**
         * What this row is a case of: the categorical columns of its caller; the answer it gives, per system or
         * label (and algorithm); the shape of its placement, per caller (and algorithm).
         */
        PinSample.Case sampled() {
            List<String> k = List.of(key.split("\t"));
            String caller = k.get(0);
            String answer = PinSample.outcome(values);
            return switch (caller) {
                case "catalog-model" -> new PinSample.Case(k.get(1), List.of(kind(caller, k.get(1), answer),
                        kind(caller, PinSample.placement(k.size() > 3 ? k.get(3) : ""))));
                case "link-costs" -> k.size() > 4 && k.get(4).startsWith("inter")
                        ? new PinSample.Case(key, List.of(kind(caller, k.get(1), "send-recv", answer)))
                        : new PinSample.Case(kind(k.subList(0, 4)), List.of(kind(caller, k.get(1), answer),
                        kind(caller, PinSample.placement(k.size() > 4 ? k.get(4) : ""))));
                case "gradient-sync" -> new PinSample.Case(kind(k.subList(0, 4)),
                        List.of(kind(caller, k.get(1), answer), kind(caller, placement(k.get(4)))));
                default -> new PinSample.Case(kind(k.subList(0, 6)), List.of(kind(kind(k.subList(0, 4)), answer),
                        kind(kind(k.subList(0, 3)), placement(k.get(6)))));
            };
        }

        private static String kind(String... parts) {
            return String.join("\t", parts);
        }

        private static String kind(List<String> parts) {
            return String.join("\t", parts);
        }

        private static String placement(String workersSlashNodes) {
            String[] wn = workersSlashNodes.split("/");
            return PinSample.placement(Integer.parseInt(wn[0]), Integer.parseInt(wn[1]));
        }
    }

    @Test
    void everyFormerCallerGivesThePinnedNumbers() throws IOException {
        catalogModel();
        linkCosts();
        gradientSync();
        estimator();
        PinnedLines.assertPinned(getClass(), PINS, PinSample.of(rows, Row::sampled).stream().map(Row::line).toList());
    }

    private void catalogModel() {
        for (String label : LABELS) {
            for (int ranks : new int[] {1, 2, 4, 8, 10, 16, 24, 64}) {
                String key = "catalog-model\t" + label + "\t" + ranks;
                Optional<CatalogCollectiveModel> m;
                try {
                    m = CatalogCollectiveModel.of(catalog, label, ranks);
                } catch (RuntimeException e) {
                    rows.add(new Row(key, List.of("error: " + e.getClass().getSimpleName())));
                    continue;
                }
                if (m.isEmpty()) {
                    rows.add(new Row(key, List.of("empty")));
                    continue;
                }
                List<Supplier<Object>> values = new ArrayList<>();
                for (Collective op : OPS) {
                    for (double b : BYTES) {
                        values.add(() -> m.get().seconds(op, b));
                    }
                }
                values.add(() -> m.get().bytes(Collective.ALL_REDUCE, 1e-3));
                row(key + "\t" + m.get().placement().gpusPerNode(), values);
            }
        }
    }

    private void linkCosts() {
        for (String name : SYSTEMS) {
            for (OptionalDouble[] s : STATED) {
                StatedLinks stated = new StatedLinks(s[0], s[1]);
                Optional<LinkCosts> costs = LinkCosts.of(catalog, catalog.system(name).orElseThrow(), stated);
                String key = "link-costs\t" + name + "\t" + s[0] + "\t" + s[1];
                if (costs.isEmpty()) {
                    rows.add(new Row(key, List.of("empty")));
                    continue;
                }
                for (int[] l : LAYOUTS) {
                    Placement p = Placement.uniform(l[1], l[0] / l[1]);
                    List<Supplier<Object>> values = new ArrayList<>();
                    for (double b : BYTES) {
                        values.add(() -> costs.get().allReduce(b, p));
                    }
                    row(key + "\t" + p.gpusPerNode(), values);
                }
                List<Supplier<Object>> values = new ArrayList<>();
                values.add(costs.get()::hasInterNode);
                for (double b : BYTES) {
                    values.add(() -> costs.get().sendRecv(b, SharedGroup.pair(false, 1)));
                    values.add(() -> costs.get().sendRecv(b, SharedGroup.pair(true, 1)));
                }
                row(key + "\tinter, send-recv", values);
            }
        }
    }

    private void gradientSync() {
        GradientSync sync = new GradientSync(Optional.of(catalog), Optional.empty());
        for (String label : LABELS) {
            for (OptionalDouble[] s : STATED) {
                for (int[] l : LAYOUTS) {
                    List<Supplier<Object>> values = new ArrayList<>();
                    for (double b : BYTES) {
                        Config c = Config.builder().model("synthetic-model").architecture(Architecture.ALLREDUCE)
                                .workers(l[0]).nodes(l[1]).localBatch(1).hardware(label).parameterBytes((long) b)
                                .intraNodeGbps(s[0]).bandwidthGbps(s[1]).build();
                        values.add(() -> {
                            GradientSync.Cost cost = sync.allReduce(c);
                            return cost.seconds().map(String::valueOf).orElse("refused: " + cost.reason());
                        });
                    }
                    row("gradient-sync\t" + label + "\t" + s[0] + "\t" + s[1] + "\t" + l[0] + "/" + l[1], values);
                }
            }
        }
    }

    private void estimator() {
        for (String[] choice : new String[][] {{"ring", "auto"}, {"tree", "auto"}, {"ring", "ll"}}) {
            Predictor p = new CollectiveCatalogEstimator(Optional.of(catalog))
                    .withHyperParameters(Map.of("algorithm", choice[0], "protocol", choice[1]))
                    .fit(TrainingSet.of("none", List.of()));
            for (String label : ESTIMATOR_LABELS) {
                for (OptionalDouble[] s : STATED) {
                    for (int[] l : ESTIMATOR_LAYOUTS) {
                        List<Supplier<Object>> values = new ArrayList<>();
                        for (Collective op : ESTIMATOR_OPS) {
                            for (double b : new double[] {4096, 1 << 28}) {
                                Config c = Config.builder().model(op.label()).framework("nccl")
                                        .parameterBytes((long) b).workers(l[0]).nodes(l[1]).localBatch(1)
                                        .hardware(label).intraNodeGbps(s[0]).bandwidthGbps(s[1]).build();
                                values.add(() -> compact(p.predict(c, Target.STEP_TIME)));
                            }
                        }
                        row("estimator\t" + choice[0] + "\t" + choice[1] + "\t" + label + "\t" + s[0] + "\t" + s[1]
                                + "\t" + l[0] + "/" + l[1], values);
                    }
                }
            }
        }
    }

    private static String compact(Prediction p) {
        return p instanceof Prediction.NotApplicable n ? "n/a: " + n.reason() : String.valueOf(p.asDouble().getAsDouble());
    }

    /** One row: the key, then each value or the error it threw. */
    private void row(String key, List<Supplier<Object>> values) {
        List<String> out = new ArrayList<>();
        for (Supplier<Object> v : values) {
            try {
                out.add(String.valueOf(v.get()));
            } catch (RuntimeException e) {
                out.add("error: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        rows.add(new Row(key, out));
    }
}
