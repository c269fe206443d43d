package io.stepcast.analytic.megatron;

import org.apache.commons.math3.analysis.MultivariateFunction;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.NelderMeadSimplex;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;
import java.util.stream.IntStream;

/**
 * Fits the {@link Efficiency} constants that the rows determine to measured iteration times by minimising the mean
 * absolute relative error (least absolute deviations: a few configurations that a measurement campaign times
 * idiosyncratically pull the constants less than under squares) with the Nelder-Mead simplex (Nelder and Mead, "A
 * Simplex Method for Function Minimization", The Computer Journal 7(4), 1965; Apache Commons Math's
 * {@link NelderMeadSimplex}), and holds the others at the start constants: which are determined is decided before the
 * search, by the rows' sensitivity to each constant at the start ({@link Identifiable}), so that a constant no row
 * moves, or one of a group the rows only see in combination, stays where the start puts it rather than wherever the
 * search happens to stop (a fit of all eight on Megatron-Bridge's eight dense H100 rows, which are device-bound, left
 * the host terms and the overlap exponent wherever the search stopped, and a small change elsewhere moved them
 * several-fold). The start is {@link Efficiency#VTRAIN_A100} in every fit of the estimators
 * (fitted on vTrain's 1,440 A100 rows, none of another table's). When no row has a tensor-parallel all-reduce priced
 * from the link figures (none, or all measured: {@link MeasuredAllReduce}), the tensor-link efficiency is held at 1 (the
 * link figures as they are). The search runs over unconstrained coordinates: the three efficiencies through the
 * logistic function (so they stay in (0, 1)), the host times through exp, the overlap exponent as 1 + exp. A search
 * that runs out of evaluations (a loss surface with long flat valleys, as rows of two precisions with measured
 * all-reduces make) keeps the best point it evaluated rather than failing the fit: the constants then fit the rows as
 * well as any point tried. Deterministic.
 */
final class EfficiencyFit {
    private EfficiencyFit() {
    }

    /** A row: its terms and the measured seconds. */
    record Row(IterationModel terms, double seconds) {
    }

    /**
     * The fitted constants and which of them the rows determined.
     *
     * @param constants the constants, the held ones as they started
     * @param free      per constant in {@link Efficiency#toArray()}'s order, true when fitted, false when held
     */
    record Fitted(Efficiency constants, boolean[] free) {
        Fitted {
            free = free.clone();
        }

        /** A copy of which constants were fitted. */
        @Override
        public boolean[] free() {
            return free.clone();
        }

        /** The names of the constants held at the start, space-separated ({@code none} when every one was fitted). */
        String held() {
            List<String> names = new ArrayList<>(EfficiencyText.values(constants).keySet());
            StringJoiner out = new StringJoiner(" ");
            for (int i = 0; i < free.length; i++) {
                if (!free[i]) {
                    out.add(names.get(i));
                }
            }
            return out.length() == 0 ? "none" : out.toString();
        }
    }

    /** Evaluations of the loss each of the search's rounds may spend. */
    static final int EVALUATIONS = 4000;

    /** The constants that best fit {@code rows}, starting from {@code start}. */
    static Fitted fit(List<Row> rows, boolean overlapData, Efficiency start) {
        return fit(rows, overlapData, start, EVALUATIONS);
    }

    /** As {@link #fit(List, boolean, Efficiency)}, each round spending at most {@code evaluations}. */
    static Fitted fit(List<Row> rows, boolean overlapData, Efficiency start, int evaluations) {
        boolean tensorLink = rows.stream().anyMatch(r -> r.terms().tensorLinkMatters());
        Efficiency from = tensorLink ? start : withTensorLink(start, 1);
        boolean[] free = Identifiable.free(rows, overlapData, from);
        int[] moving = IntStream.range(0, free.length).filter(i -> free[i]).toArray();
        if (moving.length == 0) {
            return new Fitted(from, free);
        }
        double[] held = from.toArray();
        double[] all = encode(from);
        BestPoint tried = new BestPoint();
        MultivariateFunction loss = y -> {
            Efficiency e = decode(y, moving, all, held);
            double sum = 0;
            for (Row r : rows) {
                double rel = (r.terms().seconds(e, overlapData) - r.seconds()) / r.seconds();
                sum += Math.abs(rel);
            }
            double mean = sum / rows.size();
            tried.offer(y, mean);
            return mean;
        };
        double[] y = new double[moving.length];
        for (int i = 0; i < moving.length; i++) {
            y[i] = all[moving[i]];
        }
        double[] steps = new double[moving.length];
        Arrays.fill(steps, 0.5);
        SimplexOptimizer optimizer = new SimplexOptimizer(1e-10, 1e-12);
        // Two restarts from the previous optimum: Nelder-Mead can stall on a collapsed simplex.
        for (int round = 0; round < 3; round++) {
            try {
                PointValuePair best = optimizer.optimize(new MaxEval(evaluations), new ObjectiveFunction(loss),
                        GoalType.MINIMIZE, new InitialGuess(y), new NelderMeadSimplex(steps));
                y = best.getPoint();
            } catch (TooManyEvaluationsException notConverged) {
                if (tried.point() == null) {
                    throw notConverged;
                }
                y = tried.point();
                break;
            }
        }
        return new Fitted(decode(y, moving, all, held), free);
    }

    /** The point of least loss the search has evaluated, over one fit (not shared between fits). */
    private static final class BestPoint {
        private double[] point;
        private double loss = Double.POSITIVE_INFINITY;

        void offer(double[] x, double value) {
            if (value < loss) {
                loss = value;
                point = x.clone();
            }
        }

        double[] point() {
            return point;
        }
    }

    private static Efficiency withTensorLink(Efficiency e, double tensorLink) {
        return new Efficiency(e.flops(), e.memory(), tensorLink, e.hostS(), e.iterationS(), e.overlap(), e.endHostS(),
                e.unfusedSoftmaxS());
    }

    private static double[] encode(Efficiency e) {
        return new double[] {logit(e.flops()), logit(e.memory()), logit(e.tensorLink()), Math.log(e.hostS()),
                Math.log(e.iterationS()), Math.log(e.overlap() - 1), Math.log(e.endHostS()), Math.log(e.unfusedSoftmaxS())};
    }

    /**
     * The constants at search point {@code y}, the coordinates of the constants {@code moving}; the others are
     * {@code held}'s values exactly (not through their coordinates, which would not give a held 1 back).
     */
    private static Efficiency decode(double[] y, int[] moving, double[] start, double[] held) {
        double[] x = start.clone();
        for (int i = 0; i < moving.length; i++) {
            x[moving[i]] = y[i];
        }
        double[] v = {logistic(x[0]), logistic(x[1]), logistic(x[2]), Math.exp(x[3]), Math.exp(x[4]),
                1 + Math.exp(Math.min(x[5], 5)), Math.exp(x[6]), Math.exp(x[7])};
        double[] out = held.clone();
        for (int m : moving) {
            out[m] = v[m];
        }
        return Efficiency.fromArray(out);
    }

    private static double logit(double p) {
        double q = Math.min(Math.max(p, 1e-6), 1 - 1e-6);
        return Math.log(q / (1 - q));
    }

    private static double logistic(double x) {
        return Math.max(1e-9, 1 / (1 + Math.exp(-x)));
    }
}
