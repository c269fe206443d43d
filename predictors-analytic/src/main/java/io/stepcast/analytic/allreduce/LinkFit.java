package io.stepcast.analytic.allreduce;

import io.stepcast.analytic.allreduce.AllreduceAnalyticEstimator.Group;
import io.stepcast.analytic.allreduce.AllreduceAnalyticEstimator.Row;
import io.stepcast.models.compute.MeasurementNoise;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The overlap share {@code f} and the achieved shares of the catalog's bandwidths ({@code e_intra} inside a node,
 * {@code e_inter} across nodes) of {@code allreduce-analytic}, each fitted on the rows that show it, by the least
 * squared relative error on a grid (one or two unknowns at a time, cheap):
 * <ol>
 *   <li>the rows of one node with several GPUs show the intra-node links and the overlap: {@code f} and
 *       {@code e_intra} together;</li>
 *   <li>the rows of several nodes then show the NICs: {@code e_inter} and {@code f} together on every row,
 *       {@code e_intra} kept (without rows of one node, the intra-node links at the catalog's figure).</li>
 * </ol>
 * A link no row shows keeps the catalog's figure ({@code e = 1}), and no fit makes a link faster than its
 * datasheet ({@code e <= 1}). Fitting the two links apart is what lets one node's rows inform many nodes: a
 * framework that reaches a fifth of NVLink's bandwidth inside a node does not make the NICs five times slower.
 *
 * <p>The rows must contradict the datasheet by more than their noise allows before a link is made slower: the
 * largest efficiency wins whose error (at its best overlap) lies within the 95% confidence interval of the least
 * ({@link MeasurementNoise}), and among the overlaps at that efficiency the one of least error (then the smallest).
 */
final class LinkFit {
    private static final int GRID = 100;
    private static final int EFFICIENCY_STEPS = 150;

    private LinkFit() {
    }

    /**
     * The group of compute line {@code a, b} fitted on its rows of one node ({@code oneNode}) and of several
     * ({@code nodes}); {@code fixedOverlap} replaces the fitted overlap, {@code fitEfficiency} false keeps the
     * catalog's links.
     */
    static Group fit(double a, double b, List<Row> oneNode, List<Row> nodes, Optional<Double> fixedOverlap,
                     boolean fitEfficiency) {
        List<Row> all = new ArrayList<>(oneNode);
        all.addAll(nodes);
        if (all.isEmpty()) {
            return new Group(a, b, fixedOverlap.orElse(AllreduceAnalyticEstimator.DEFAULT_OVERLAP), false, 1, 1);
        }
        boolean overlapFitted = fixedOverlap.isEmpty();
        if (!fitEfficiency) {
            double f = best(all, fixedOverlap, false, 1, false, 1)[0];
            return new Group(a, b, f, overlapFitted, 1, 1);
        }
        if (oneNode.isEmpty()) {
            double[] fe = best(nodes, fixedOverlap, false, 1, true, 1);
            return new Group(a, b, fe[0], overlapFitted, 1, fe[2]);
        }
        double[] node = best(oneNode, fixedOverlap, true, 1, false, 1);
        if (nodes.isEmpty()) {
            return new Group(a, b, node[0], overlapFitted, node[1], 1);
        }
        double[] across = best(all, fixedOverlap, false, node[1], true, 1);
        return new Group(a, b, across[0], overlapFitted, node[1], across[2]);
    }

    /**
     * {@code {f, e_intra, e_inter}} over {@code rows}: {@code f} on a grid of [0, 1] unless fixed, each fitted
     * efficiency from 1 down to 10^-3 in log steps, the others as given; the largest efficiency whose least squared
     * relative error lies within the 95% confidence interval of the least of all ({@link MeasurementNoise}), at its
     * overlap of least error.
     */
    private static double[] best(List<Row> rows, Optional<Double> fixedOverlap, boolean fitIntra, double intra,
                                 boolean fitInter, double inter) {
        int efficiencies = (fitIntra || fitInter) ? EFFICIENCY_STEPS : 0;
        double[][] atEfficiency = new double[efficiencies + 1][];
        double least = Double.POSITIVE_INFINITY;
        for (int j = 0; j <= efficiencies; j++) {
            double eff = Math.pow(10, -3.0 * j / EFFICIENCY_STEPS);
            atEfficiency[j] = bestOverlap(rows, fixedOverlap, fitIntra ? eff : intra, fitInter ? eff : inter);
            least = Math.min(least, atEfficiency[j][3]);
        }
        double tolerated = least + MeasurementNoise.relativeTolerance();
        for (double[] candidate : atEfficiency) {
            if (candidate[3] <= tolerated) {
                return new double[] {candidate[0], candidate[1], candidate[2]};
            }
        }
        throw new IllegalStateException("no candidate within the least error");
    }

    /** {@code {f, e_intra, e_inter, error}} of the overlap of least error (the smallest among equals). */
    private static double[] bestOverlap(List<Row> rows, Optional<Double> fixedOverlap, double eIntra, double eInter) {
        double[] best = null;
        int fs = fixedOverlap.isPresent() ? 0 : GRID;
        for (int i = 0; i <= fs; i++) {
            double f = fixedOverlap.orElse((double) i / GRID);
            double err = 0;
            for (Row r : rows) {
                double comm = r.intraS() / eIntra + r.interS() / eInter;
                double e = (AllreduceAnalyticEstimator.step(r.compute(), comm, f) - r.measured()) / r.measured();
                err += e * e;
            }
            if (best == null || err < best[3]) {
                best = new double[] {f, eIntra, eInter, err};
            }
        }
        return best;
    }
}
