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

import java.util.List;
import java.util.OptionalDouble;

/**
 * Fits the eight {@link Efficiency} constants to measured iteration times by minimising the mean absolute
 * relative error (least absolute deviations: a few configurations that a measurement campaign times
 * idiosyncratically pull the constants less than under squares) with the Nelder-Mead simplex (Nelder and Mead, "A Simplex Method for Function
 * Minimization", The Computer Journal 7(4), 1965; Apache Commons Math's {@link NelderMeadSimplex}). The
 * search runs over unconstrained coordinates: the three efficiencies through the logistic function (so they
 * stay in (0, 1)), the host times through exp, the overlap exponent as 1 + exp. When no row has a tensor-parallel
 * all-reduce priced from the link figures (none, or all measured: {@link MeasuredAllReduce}), the rows say nothing
 * about the tensor-link efficiency, and it is held at 1 (the link figures as they are) rather than left wherever the
 * search happens to stop. A search that runs out of evaluations (a loss surface with long flat valleys, as rows of two
 * precisions with measured all-reduces make) keeps the best point it evaluated rather than failing the fit: the
 * constants then fit the rows as well as any point tried. Deterministic.
 */
final class EfficiencyFit {
    private EfficiencyFit() {
    }

    /** A row: its terms and the measured seconds. */
    record Row(IterationModel terms, double seconds) {
    }

    /** Evaluations of the loss each of the search's rounds may spend. */
    static final int EVALUATIONS = 4000;

    /** The constants that best fit {@code rows}, starting from {@code start}. */
    static Efficiency fit(List<Row> rows, boolean overlapData, Efficiency start) {
        return fit(rows, overlapData, start, EVALUATIONS);
    }

    /** As {@link #fit(List, boolean, Efficiency)}, each round spending at most {@code evaluations}. */
    static Efficiency fit(List<Row> rows, boolean overlapData, Efficiency start, int evaluations) {
        boolean tensorLink = rows.stream().anyMatch(r -> r.terms().tensorLinkMatters());
        // Rows whose layers all run the fused softmax say nothing of the unfused one's launches: its constant stays
        // where it starts, as the tensor link's does, rather than drift along a flat direction until exp overflows
        // (BERT rows of a table like Lambda's, all at 384 tokens, failed the fit so).
        OptionalDouble unfused = rows.stream().anyMatch(r -> r.terms().unfusedSoftmaxMatters())
                ? OptionalDouble.empty() : OptionalDouble.of(start.unfusedSoftmaxS());
        BestPoint tried = new BestPoint();
        MultivariateFunction loss = x -> {
            Efficiency e = decode(x, tensorLink, unfused);
            double sum = 0;
            for (Row r : rows) {
                double rel = (r.terms().seconds(e, overlapData) - r.seconds()) / r.seconds();
                sum += Math.abs(rel);
            }
            double mean = sum / rows.size();
            tried.offer(x, mean);
            return mean;
        };
        double[] x = encode(tensorLink ? start : withTensorLink(start, 1));
        SimplexOptimizer optimizer = new SimplexOptimizer(1e-10, 1e-12);
        // Two restarts from the previous optimum: Nelder-Mead can stall on a collapsed simplex.
        for (int round = 0; round < 3; round++) {
            try {
                PointValuePair best = optimizer.optimize(new MaxEval(evaluations), new ObjectiveFunction(loss),
                        GoalType.MINIMIZE, new InitialGuess(x),
                        new NelderMeadSimplex(new double[] {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}));
                x = best.getPoint();
            } catch (TooManyEvaluationsException notConverged) {
                if (tried.point() == null) {
                    throw notConverged;
                }
                x = tried.point();
                break;
            }
        }
        return decode(x, tensorLink, unfused);
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

    /** The constants at search point {@code x}; the unfused softmax's held at {@code unfused} when given. */
    private static Efficiency decode(double[] x, boolean tensorLink, OptionalDouble unfused) {
        return new Efficiency(logistic(x[0]), logistic(x[1]), tensorLink ? logistic(x[2]) : 1, Math.exp(x[3]), Math.exp(x[4]),
                1 + Math.exp(Math.min(x[5], 5)), Math.exp(x[6]), unfused.orElseGet(() -> Math.exp(x[7])));
    }

    private static double logit(double p) {
        double q = Math.min(Math.max(p, 1e-6), 1 - 1e-6);
        return Math.log(q / (1 - q));
    }

    private static double logistic(double x) {
        return Math.max(1e-9, 1 / (1 + Math.exp(-x)));
    }
}
