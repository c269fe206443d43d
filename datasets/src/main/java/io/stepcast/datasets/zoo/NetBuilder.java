package io.stepcast.datasets.zoo;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link ZooModel} layer by layer while tracking the activation shape, the way PyTorch modules
 * compute it, so that per-layer FLOPs follow from the output sizes. Branches (Inception) are expressed by
 * passing the same input {@link Shape} to several calls and concatenating with {@link Shape#concat}.
 *
 * <p>FLOPs per sample: a convolution or a fully connected layer counts 2 per multiply-accumulate plus 1
 * per output for a bias; batch normalisation counts 2 per element (scale and shift). Activations,
 * pooling and dropout have no parameters and little arithmetic and are not counted.
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
        int h = (in.h + 2 * ph - kh) / stride + 1;
        int w = (in.w + 2 * pw - kw) / stride + 1;
        Shape o = new Shape(out, h, w);
        List<TensorSpec> t = new ArrayList<>();
        t.add(new TensorSpec(name + ".weight", List.of(out, in.c, kh, kw)));
        long flops = 2L * in.c * kh * kw * o.elements();
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
        List<TensorSpec> t = new ArrayList<>();
        t.add(new TensorSpec(name + ".weight", List.of(out, in)));
        long flops = 2L * in * out;
        if (bias) {
            t.add(new TensorSpec(name + ".bias", List.of(out)));
            flops += out;
        }
        layers.add(new ZooLayer(name, "MatMul", t, flops));
        return out;
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
}
