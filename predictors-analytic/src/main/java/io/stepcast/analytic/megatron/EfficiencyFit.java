package io.stepcast.analytic.megatron;

import org.apache.commons.math3.analysis.MultivariateFunction;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.NelderMeadSimplex;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer;

import java.util.List;

/**
 * Fits the eight {@link Efficiency} constants to measured iteration times by minimising the mean absolute
 * relative error (least absolute deviations: a few configurations that a measurement campaign times
 * idiosyncratically pull the constants less than under squares) with the Nelder-Mead simplex (Nelder and Mead, "A Simplex Method for Function
 * Minimization", The Computer Journal 7(4), 1965; Apache Commons Math's {@link NelderMeadSimplex}). The
 * search runs over unconstrained coordinates: the three efficiencies through the logistic function (so they
 * stay in (0, 1)), the host times through exp, the overlap exponent as 1 + exp. When no row has a tensor-parallel
 * all-reduce priced from the link figures (none, or all measured: {@link MeasuredAllReduce}), the rows say nothing
 * about the tensor-link efficiency, and it is held at 1 (the link figures as they are) rather than left wherever the
 * search happens to stop. Deterministic.
 */
final class EfficiencyFit {
    private EfficiencyFit() {
    }

    /** A row: its terms and the measured seconds. */
    record Row(IterationModel terms, double seconds) {
    }

    /** The constants that best fit {@code rows}, starting from {@code start}. */
    static Efficiency fit(List<Row> rows, boolean overlapData, Efficiency start) {
        boolean tensorLink = rows.stream().anyMatch(r -> r.terms().tensorLinkMatters());
        MultivariateFunction loss = x -> {
            Efficiency e = decode(x, tensorLink);
            double sum = 0;
            for (Row r : rows) {
                double rel = (r.terms().seconds(e, overlapData) - r.seconds()) / r.seconds();
                sum += Math.abs(rel);
            }
            return sum / rows.size();
        };
        double[] x = encode(tensorLink ? start : withTensorLink(start, 1));
        SimplexOptimizer optimizer = new SimplexOptimizer(1e-10, 1e-12);
        // Two restarts from the previous optimum: Nelder-Mead can stall on a collapsed simplex.
        for (int round = 0; round < 3; round++) {
            PointValuePair best = optimizer.optimize(new MaxEval(4000), new ObjectiveFunction(loss), GoalType.MINIMIZE,
                    new InitialGuess(x), new NelderMeadSimplex(new double[] {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}));
            x = best.getPoint();
        }
        return decode(x, tensorLink);
    }

    private static Efficiency withTensorLink(Efficiency e, double tensorLink) {
        return new Efficiency(e.flops(), e.memory(), tensorLink, e.hostS(), e.iterationS(), e.overlap(), e.endHostS(),
                e.unfusedSoftmaxS());
    }

    private static double[] encode(Efficiency e) {
        return new double[] {logit(e.flops()), logit(e.memory()), logit(e.tensorLink()), Math.log(e.hostS()),
                Math.log(e.iterationS()), Math.log(e.overlap() - 1), Math.log(e.endHostS()), Math.log(e.unfusedSoftmaxS())};
    }

    private static Efficiency decode(double[] x, boolean tensorLink) {
        return new Efficiency(logistic(x[0]), logistic(x[1]), tensorLink ? logistic(x[2]) : 1, Math.exp(x[3]), Math.exp(x[4]),
                1 + Math.exp(Math.min(x[5], 5)), Math.exp(x[6]), Math.exp(x[7]));
    }

    private static double logit(double p) {
        double q = Math.min(Math.max(p, 1e-6), 1 - 1e-6);
        return Math.log(q / (1 - q));
    }

    private static double logistic(double x) {
        return Math.max(1e-9, 1 / (1 + Math.exp(-x)));
    }
}
