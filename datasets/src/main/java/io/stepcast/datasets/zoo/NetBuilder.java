package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.TransformerShape;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds a {@link ZooModel} layer by layer while tracking the activation shape, the way PyTorch modules
 * compute it, so that per-layer FLOPs follow from the output sizes. Branches (Inception) are expressed by
 * passing the same input {@link Shape} to several calls and concatenating with {@link Shape#concat}.
 *
 * <p>FLOPs per sample: a convolution or a fully connected layer counts 2 per multiply-accumulate plus 1
 * per output for a bias; batch and layer normalisation count 2 per element (scale and shift). Activations,
 * pooling, dropout, softmax and the element-wise gate arithmetic of recurrent cells have little arithmetic
 * and are not counted; embedding lookups count 0. Layers applied to a sequence count once per token
 * ({@code tokens}).
 */
final class NetBuilder {
    private final List<ZooLayer> layers = new ArrayList<>();

    /** Activation shape of one sample. */
    record Shape(int c, int h, int w) {
        /** Channel concatenation of branch outputs of equal spatial size. */
        static Shape concat(Shape... parts) {
            int c = 0;
            for (Shape s : parts) {
                if (s.h != parts[0].h || s.w != parts[0].w) {
                    throw new IllegalStateException("branches of different sizes: " + List.of(parts));
                }
                c += s.c;
            }
            return new Shape(c, parts[0].h, parts[0].w);
        }

        long elements() {
            return (long) c * h * w;
        }
    }

    /** 2-D convolution, square kernel. */
    Shape conv(String name, Shape in, int out, int k, int stride, int pad, boolean bias) {
        return conv(name, in, out, k, k, stride, pad, pad, bias);
    }

    /** 2-D convolution with a kh x kw kernel and separate paddings. */
    Shape conv(String name, Shape in, int out, int kh, int kw, int stride, int ph, int pw, boolean bias) {
        return conv(name, in, out, kh, kw, stride, stride, ph, pw, 1, bias);
    }

    /**
     * 2-D convolution with separate strides and paddings and {@code groups} channel groups (a depthwise
     * convolution has groups = input channels = output channels).
     */
    Shape conv(String name, Shape in, int out, int kh, int kw, int sh, int sw, int ph, int pw, int groups,
               boolean bias) {
        if (in.c % groups != 0 || out % groups != 0) {
            throw new IllegalStateException(name + ": channels " + in.c + " -> " + out + " not divisible by "
                    + groups + " groups");
        }
        int h = (in.h + 2 * ph - kh) / sh + 1;
        int w = (in.w + 2 * pw - kw) / sw + 1;
        Shape o = new Shape(out, h, w);
        List<TensorSpec> t = new ArrayList<>();
        t.add(new TensorSpec(name + ".weight", List.of(out, in.c / groups, kh, kw)));
        long flops = 2L * (in.c / groups) * kh * kw * o.elements();
        if (bias) {
            t.add(new TensorSpec(name + ".bias", List.of(out)));
            flops += o.elements();
        }
        layers.add(new ZooLayer(name, "Conv2D", t, flops));
        return o;
    }

    /** Batch normalisation with learned scale ({@code weight}) and shift ({@code bias}). */
    Shape bn(String name, Shape in) {
        layers.add(new ZooLayer(name, "FusedBatchNorm",
                List.of(new TensorSpec(name + ".weight", List.of(in.c)), new TensorSpec(name + ".bias", List.of(in.c))),
                2 * in.elements()));
        return in;
    }

    /** Convolution without bias followed by batch normalisation, named {@code name.conv} / {@code name.bn}. */
    Shape convBn(String name, Shape in, int out, int kh, int kw, int stride, int ph, int pw) {
        return bn(name + ".bn", conv(name + ".conv", in, out, kh, kw, stride, ph, pw, false));
    }

    /** Fully connected layer. */
    int linear(String name, int in, int out, boolean bias) {
        return linear(name, in, out, bias, 1);
    }

    /** Fully connected layer applied to each of {@code tokens} positions, weight stored out x in. */
    int linear(String name, int in, int out, boolean bias, long tokens) {
        List<TensorSpec> t = new ArrayList<>();
        t.add(new TensorSpec(name + ".weight", List.of(out, in)));
        if (bias) {
            t.add(new TensorSpec(name + ".bias", List.of(out)));
        }
        layers.add(new ZooLayer(name, "MatMul", t, tokens * linearFlops(in, out, bias)));
        return out;
    }

    /** FLOPs of one fully connected application. */
    static long linearFlops(int in, int out, boolean bias) {
        return 2L * in * out + (bias ? out : 0);
    }

    /** Layer normalisation over {@code dim} features at each of {@code tokens} positions. */
    void layerNorm(String name, int dim, long tokens) {
        layers.add(new ZooLayer(name, "LayerNorm",
                List.of(new TensorSpec(name + ".weight", List.of(dim)), new TensorSpec(name + ".bias", List.of(dim))),
                2L * dim * tokens));
    }

    /** Embedding table of {@code rows} x {@code dim} (a lookup: no FLOPs counted). */
    void embedding(String name, int rows, int dim) {
        layers.add(new ZooLayer(name, "Embedding", List.of(new TensorSpec(name + ".weight", List.of(rows, dim))), 0));
    }

    /**
     * One layer of a PyTorch {@code nn.LSTM} ({@code weight_ih_l<k>}, {@code weight_hh_l<k>} and the two
     * biases, with {@code _reverse} copies when bidirectional) run over {@code steps} time steps; the layer is
     * named {@code module.l<k>}.
     */
    void lstm(String module, int k, int in, int hidden, boolean bidirectional, long steps) {
        List<TensorSpec> t = new ArrayList<>();
        for (String suffix : bidirectional ? List.of("", "_reverse") : List.of("")) {
            t.add(new TensorSpec(module + ".weight_ih_l" + k + suffix, List.of(4 * hidden, in)));
            t.add(new TensorSpec(module + ".weight_hh_l" + k + suffix, List.of(4 * hidden, hidden)));
            t.add(new TensorSpec(module + ".bias_ih_l" + k + suffix, List.of(4 * hidden)));
            t.add(new TensorSpec(module + ".bias_hh_l" + k + suffix, List.of(4 * hidden)));
        }
        long perStep = linearFlops(in, 4 * hidden, true) + linearFlops(hidden, 4 * hidden, true);
        layers.add(new ZooLayer(module + ".l" + k, "LSTM", t, (bidirectional ? 2 : 1) * steps * perStep));
    }

    /** A PyTorch {@code nn.LSTMCell} ({@code weight_ih}, {@code weight_hh}, {@code bias_ih}, {@code bias_hh}), one step. */
    void lstmCell(String name, int in, int hidden) {
        List<TensorSpec> t = List.of(new TensorSpec(name + ".weight_ih", List.of(4 * hidden, in)),
                new TensorSpec(name + ".weight_hh", List.of(4 * hidden, hidden)),
                new TensorSpec(name + ".bias_ih", List.of(4 * hidden)), new TensorSpec(name + ".bias_hh", List.of(4 * hidden)));
        layers.add(new ZooLayer(name, "LSTM", t, linearFlops(in, 4 * hidden, true) + linearFlops(hidden, 4 * hidden, true)));
    }

    /** Any other layer, with its tensors and FLOPs worked out by the caller. */
    void layer(String name, String type, List<TensorSpec> tensors, long flops) {
        layers.add(new ZooLayer(name, type, tensors, flops));
    }

    /** Max or average pooling (no layer): the output shape only. */
    static Shape pool(Shape in, int k, int stride, int pad, boolean ceil) {
        return new Shape(in.c, poolSize(in.h, k, stride, pad, ceil), poolSize(in.w, k, stride, pad, ceil));
    }

    private static int poolSize(int n, int k, int s, int p, boolean ceil) {
        int span = n + 2 * p - k;
        int out = (ceil ? Math.floorDiv(span + s - 1, s) : Math.floorDiv(span, s)) + 1;
        // PyTorch: with ceil mode the last window must start inside the input or left padding.
        if (ceil && (out - 1) * s >= n + p) {
            out--;
        }
        return out;
    }

    /** The finished model. */
    ZooModel build(String name, String description, Shape input) {
        return new ZooModel(name, description, List.of(input.c, input.h, input.w), layers);
    }

    /** The finished model with any input description and, for a transformer, its shape. */
    ZooModel build(String name, String description, List<Integer> input, Optional<TransformerShape> transformer) {
        return new ZooModel(name, description, input, layers, transformer);
    }
}
