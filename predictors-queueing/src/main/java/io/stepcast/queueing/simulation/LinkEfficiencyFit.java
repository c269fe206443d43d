package io.stepcast.queueing.simulation;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.queueing.fit.BasisTable;
import io.stepcast.queueing.fit.Calibrated;
import io.stepcast.queueing.fit.CalibratedBasis;
import io.stepcast.models.compute.MeasurementNoise;
import io.stepcast.queueing.fit.LogEfficiencySearch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Fits the all-reduce link efficiencies of each model and hardware: the share of the intra-node link's bandwidth
 * its gradient all-reduce achieves inside a node ({@code e_intra}), then the share of the inter-node link's (the
 * NIC's) across nodes ({@code e_inter}), so that the cost model's phases run at {@code e} times the catalog's (or the
 * configuration's) figure. A framework's collectives reach a fraction of a link's datasheet rate, and the catalog
 * gives datasheet rates only; each {@code e} closes that gap for its link, fitted on the rows that show it: the
 * training set's measured all-reduce steps of the model on one node with several GPUs for {@code e_intra}, across
 * several nodes for {@code e_inter} (with {@code e_intra} already set), jobs alone on their GPUs, nothing else.
 * Fitting the two apart is what lets one node's rows inform many nodes: a framework that reaches a fifth of
 * NVLink's speed inside a node does not make the NICs five times slower.
 * Criterion: least squares of the log step time, every training row weighted once, over {@code ln e}, each
 * candidate simulated by the same engine that predicts; the largest {@code e} whose loss lies within the 95%
 * confidence interval of the least ({@link LogEfficiencySearch#largestWithin}, {@link MeasurementNoise}). A link
 * no row shows keeps {@code e = 1}, and so does one whose rows the catalog's links fit within that interval. Rows the
 * simulation cannot answer (a refused configuration, a replayed data-parallel trace) take no part.
 */
final class LinkEfficiencyFit {
    /** One step simulated with a candidate calibrated state: the step seconds, or empty when refused. */
    @FunctionalInterface
    interface Simulation {
        OptionalDouble stepSeconds(Config config, CalibratedBasis<CalibratedProfile> entry, CalibratedProfile candidate);
    }

    /** The link a stage fits: which rows show it and how a candidate efficiency is set in a state. */
    private enum Link {
        INTRA_NODE {
            @Override
            boolean shows(Config c) {
                return c.deployment().workerPlacement().nodes() == 1;
            }

            @Override
            CalibratedProfile with(CalibratedProfile state, double e) {
                return state.withIntraEfficiency(e);
            }
        },
        INTER_NODE {
            @Override
            boolean shows(Config c) {
                return Math.min(c.deployment().nodes(), c.workers()) >= 2;
            }

            @Override
            CalibratedProfile with(CalibratedProfile state, double e) {
                return state.withNetworkEfficiency(e);
            }
        };

        abstract boolean shows(Config c);

        abstract CalibratedProfile with(CalibratedProfile state, double e);
    }

    private record Point(Config config, CalibratedBasis<CalibratedProfile> entry, double logSeconds, int rows) {
    }

    private LinkEfficiencyFit() {
    }

    /** The table with every model's fitted efficiencies, inside a node then across nodes, set in its calibrated bases. */
    static BasisTable<CalibratedProfile> fit(BasisTable<CalibratedProfile> table, TrainingSet training,
                                             Simulation simulation) {
        return fit(fit(table, training, simulation, Link.INTRA_NODE), training, simulation, Link.INTER_NODE);
    }

    private static BasisTable<CalibratedProfile> fit(BasisTable<CalibratedProfile> table, TrainingSet training,
                                                     Simulation simulation, Link link) {
        Map<String, Map<Config, List<Double>>> byModel = new TreeMap<>();
        Map<Config, CalibratedBasis<CalibratedProfile>> entryOf = new LinkedHashMap<>();
        for (Observation o : training.observations()) {
            Config c = o.config();
            OptionalDouble t = o.value(Target.STEP_TIME);
            if (c.deployment().architecture() != Architecture.ALLREDUCE || c.workers() < 2 || !link.shows(c)
                    || c.deployment().tenants() != 1 || t.isEmpty()) {
                continue;
            }
            var found = table.find(c);
            if (found.isEmpty() || !(found.get().calibration() instanceof Calibrated.Ready<CalibratedProfile> ready)
                    || ready.state().hardwareMismatch(c.model(), c.deployment().hardware()) != null) {
                continue;
            }
            entryOf.put(c, found.get());
            byModel.computeIfAbsent(groupKey(found.get().basis().model(), ready.state()), k -> new LinkedHashMap<>())
                    .computeIfAbsent(c, k -> new ArrayList<>()).add(Math.log(t.getAsDouble()));
        }
        Map<String, Double> efficiency = new TreeMap<>();
        byModel.forEach((model, rows) -> {
            List<Point> points = new ArrayList<>();
            rows.forEach((c, logs) -> points.add(new Point(c, entryOf.get(c),
                    logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), logs.size())));
            if (!points.isEmpty() && step(simulation, link, points.get(0), 1).isPresent()) {
                efficiency.put(model, Math.exp(LogEfficiencySearch.largestWithin(
                        u -> loss(points, simulation, link, Math.exp(u)), MeasurementNoise.logTolerance())));
            }
        });
        List<CalibratedBasis<CalibratedProfile>> entries = new ArrayList<>();
        for (CalibratedBasis<CalibratedProfile> e : table.entries()) {
            if (e.calibration() instanceof Calibrated.Ready<CalibratedProfile> ready
                    && efficiency.containsKey(groupKey(e.basis().model(), ready.state()))) {
                double eff = efficiency.get(groupKey(e.basis().model(), ready.state()));
                entries.add(new CalibratedBasis<>(e.basis(), new Calibrated.Ready<>(link.with(ready.state(), eff))));
            } else {
                entries.add(e);
            }
        }
        return table.withEntries(entries);
    }

    private static OptionalDouble step(Simulation simulation, Link link, Point p, double e) {
        CalibratedProfile state = ((Calibrated.Ready<CalibratedProfile>) p.entry().calibration()).state();
        return simulation.stepSeconds(p.config(), p.entry(), link.with(state, e));
    }

    private static String groupKey(String model, CalibratedProfile state) {
        return ModelNames.key(model) + "@" + String.join(",", state.hardware());
    }

    /** Sum over the rows of the squared log error of the simulated step at efficiency {@code e} of {@code link}. */
    private static double loss(List<Point> points, Simulation simulation, Link link, double e) {
        double sum = 0;
        for (Point p : points) {
            OptionalDouble s = step(simulation, link, p, e);
            if (s.isPresent()) {
                double d = Math.log(s.getAsDouble()) - p.logSeconds();
                sum += p.rows() * d * d;
            }
        }
        return sum;
    }
}
