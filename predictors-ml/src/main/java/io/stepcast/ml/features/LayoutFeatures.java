package io.stepcast.ml.features;

import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Features of a Megatron-style job derived from its {@link ParallelLayout} and its parametric GPT name
 * ({@code gpt-l<layers>-h<hidden>-a<heads>-s<seq>-v<vocab>}, docs/model-zoo.md), for the learned comparators of
 * the analytical Megatron model: the matrix FLOPs each GPU runs per iteration (Narayanan et al., SC'21,
 * appendix: {@code 72 B s L h^2 (1 + s / 6h + V / 12 L h)} over t c p d GPUs, without recomputation), the bytes
 * of one tensor-parallel all-reduce ({@code b (s / c) h} half-precision elements: the tokens of one context-parallel
 * rank; Shoeybi et al. 2019), the stage parameters' gradient bytes of the data-parallel all-reduce, and the 1F1B
 * bubble fraction (p - 1) / m. NaN for a job without a layout or a model that is not a parametric GPT.
 */
final class LayoutFeatures {
    private static final Pattern GPT = Pattern.compile("gpt-l(\\d+)-h(\\d+)-a(\\d+)-s(\\d+)-v(\\d+)(?:-f\\d+)?",
            Pattern.CASE_INSENSITIVE);

    private LayoutFeatures() {
    }

    /** Layers, hidden, heads, sequence, vocabulary of a parametric GPT name, or null. */
    private static double[] gpt(Config c) {
        Matcher m = GPT.matcher(c.model().trim());
        if (!m.matches()) {
            return null;
        }
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4)), Double.parseDouble(m.group(5))};
    }

    static double tensor(Config c) {
        return c.parallel().map(p -> (double) p.tensor()).orElse(Double.NaN);
    }

    static double pipeline(Config c) {
        return c.parallel().map(p -> (double) p.pipeline()).orElse(Double.NaN);
    }

    static double data(Config c) {
        return c.parallel().map(p -> (double) p.data()).orElse(Double.NaN);
    }

    /** Context-parallel ranks c, over which each sequence is split (1 without context parallelism). */
    static double context(Config c) {
        return c.parallel().map(p -> (double) p.context()).orElse(Double.NaN);
    }

    static double microBatch(Config c) {
        return c.parallel().map(p -> (double) p.microBatch()).orElse(Double.NaN);
    }

    static double microBatches(Config c) {
        return c.parallel().map(p -> (double) p.microBatches()).orElse(Double.NaN);
    }

    static double bubble(Config c) {
        return c.parallel().map(p -> (p.pipeline() - 1.0) / p.microBatches()).orElse(Double.NaN);
    }

    static double log2FlopsPerGpu(Config c) {
        double[] g = gpt(c);
        if (g == null || c.parallel().isEmpty()) {
            return Double.NaN;
        }
        ParallelLayout p = c.parallel().get();
        double l = g[0], h = g[1], s = g[3], v = g[4];
        double flops = 72 * p.globalBatch() * s * l * h * h * (1 + s / (6 * h) + v / (12 * l * h));
        return Math.log(flops / p.gpus()) / Math.log(2);
    }

    static double log2TensorAllReduceBytes(Config c) {
        double[] g = gpt(c);
        if (g == null || c.parallel().isEmpty()) {
            return Double.NaN;
        }
        ParallelLayout p = c.parallel().get();
        // Each context-parallel rank all-reduces the activations of its own s / c tokens.
        return Math.log(2.0 * p.microBatch() * (g[3] / p.context()) * g[1]) / Math.log(2);
    }

    static double log2DataAllReduceBytes(Config c) {
        double[] g = gpt(c);
        if (g == null || c.parallel().isEmpty()) {
            return Double.NaN;
        }
        ParallelLayout p = c.parallel().get();
        double perStage = (g[0] / p.pipeline() * 12 * g[1] * g[1] + g[4] * g[1]) / p.tensor();
        return Math.log(2 * perStage) / Math.log(2);
    }
}
