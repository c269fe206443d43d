package io.stepcast.datasets.zoo;

import io.stepcast.datasets.zoo.NetBuilder.Shape;

/**
 * Convolutional models added for the all-reduce traces and today's training, layer by layer after the
 * reference implementations named in each method's Javadoc. FLOPs as {@link NetBuilder} counts them.
 */
final class VisionModels {
    private VisionModels() {
    }

    /**
     * MobileNetV2 (Sandler et al., CVPR 2018, Table 2) as torchvision defines it (width 1.0, 224x224,
     * 1000 classes): a 3x3 stem, 17 inverted residual blocks (expansion t, width c, repeats n, stride s),
     * a 1x1 convolution to 1280 and the classifier.
     */
    static ZooModel mobileNetV2() {
        NetBuilder b = new NetBuilder();
        Shape s = b.bn("features.0.1", b.conv("features.0.0", new Shape(3, 224, 224), 32, 3, 2, 1, false));
        int[][] settings = {{1, 16, 1, 1}, {6, 24, 2, 2}, {6, 32, 3, 2}, {6, 64, 4, 2}, {6, 96, 3, 1},
            {6, 160, 3, 2}, {6, 320, 1, 1}};
        int index = 1;
        for (int[] st : settings) {
            for (int i = 0; i < st[2]; i++) {
                s = invertedResidual(b, "features." + index + ".conv.", s, st[1], i == 0 ? st[3] : 1, st[0]);
                index++;
            }
        }
        s = b.bn("features." + index + ".1", b.conv("features." + index + ".0", s, 1280, 1, 1, 0, false));
        b.linear("classifier.1", s.c(), 1000, true);
        return b.build("MobileNetV2", "torchvision MobileNetV2 (width 1.0), 224x224x3, 1000 classes",
                new Shape(3, 224, 224));
    }

    private static Shape invertedResidual(NetBuilder b, String p, Shape in, int out, int stride, int t) {
        int hidden = in.c() * t;
        int j = 0;
        Shape s = in;
        if (t != 1) {
            s = b.bn(p + "0.1", b.conv(p + "0.0", s, hidden, 1, 1, 0, false));
            j = 1;
        }
        s = b.bn(p + j + ".1", b.conv(p + j + ".0", s, hidden, 3, 3, stride, stride, 1, 1, hidden, false));
        s = b.conv(p + (j + 1), s, out, 1, 1, 0, false);
        return b.bn(p + (j + 2), s);
    }

    /**
     * YOLOv3 (Redmon and Farhadi, 2018) as Darknet's {@code yolov3.cfg} defines it and ultralytics/yolov3
     * names it ({@code module_list.<i>.Conv2d}, {@code .BatchNorm2d}): the Darknet-53 backbone and three
     * detection heads with 3 anchors each, 416x416. Convolutions with batch norm have no bias; the three
     * output convolutions have a bias and no batch norm.
     *
     * @param classes 80 for COCO (the published model), 20 for PASCAL VOC
     */
    static ZooModel yolov3(String name, int classes) {
        NetBuilder b = new NetBuilder();
        Yolo y = new Yolo(b, 3 * (5 + classes));
        Shape s = y.conv(new Shape(3, 416, 416), 32, 3, 1);
        s = y.conv(s, 64, 3, 2);
        Shape route36 = null;
        Shape route61 = null;
        int[] blocks = {1, 2, 8, 8, 4};
        for (int stage = 0; stage < 5; stage++) {
            if (stage > 0) {
                s = y.conv(s, 64 << stage, 3, 2);
            }
            for (int i = 0; i < blocks[stage]; i++) {
                Shape r = y.conv(s, 32 << stage, 1, 1);
                y.conv(r, 64 << stage, 3, 1);
                y.skip(1);  // the shortcut
            }
            if (stage == 2) {
                route36 = s;
            } else if (stage == 3) {
                route61 = s;
            }
        }
        Shape branch = y.head(s, 512);
        s = y.conv(branch, 256, 1, 1);
        y.skip(2);  // upsample, route to layer 61
        branch = y.head(new Shape(s.c() + route61.c(), route61.h(), route61.w()), 256);
        s = y.conv(branch, 128, 1, 1);
        y.skip(2);  // upsample, route to layer 36
        y.head(new Shape(s.c() + route36.c(), route36.h(), route36.w()), 128);
        return b.build(name, "YOLOv3 (Darknet yolov3.cfg, ultralytics names), 416x416x3, " + classes + " classes",
                new Shape(3, 416, 416));
    }

    /** Walks yolov3.cfg's layer indices; each convolution is one cfg layer. */
    private static final class Yolo {
        private final NetBuilder b;
        private final int outputs;
        private int index;

        Yolo(NetBuilder b, int outputs) {
            this.b = b;
            this.outputs = outputs;
        }

        Shape conv(Shape in, int out, int k, int stride) {
            String p = "module_list." + index++ + ".";
            return b.bn(p + "BatchNorm2d", b.conv(p + "Conv2d", in, out, k, stride, (k - 1) / 2, false));
        }

        void skip(int layers) {
            index += layers;
        }

        /**
         * Five alternating 1x1 / 3x3 convolutions, the 3x3 before the output, the output convolution and the
         * yolo layer; then the route back to the fifth convolution. Returns that route's shape.
         */
        Shape head(Shape in, int width) {
            Shape s = conv(in, width, 1, 1);
            s = conv(s, 2 * width, 3, 1);
            s = conv(s, width, 1, 1);
            s = conv(s, 2 * width, 3, 1);
            Shape branch = conv(s, width, 1, 1);
            s = conv(branch, 2 * width, 3, 1);
            b.conv("module_list." + index++ + ".Conv2d", s, outputs, 1, 1, 0, true);
            index += 2;  // the yolo layer and the route
            return branch;
        }
    }

    /**
     * Gavel's "CycleGAN" job (Zhu et al., ICCV 2017) as {@code eriklindernoren/PyTorch-GAN}'s
     * {@code cyclegan/models.py} defines it, at 256x256: two ResNet generators (7x7 stem, two stride-2
     * convolutions, 9 residual blocks, two upsampling convolutions, 7x7 output; instance norm without
     * parameters) and two 70x70 PatchGAN discriminators. FLOPs for one pass of each of the four networks
     * over one image (a training step of Gavel's script runs each generator three times and each
     * discriminator three times).
     */
    static ZooModel cycleGan() {
        NetBuilder b = new NetBuilder();
        Shape image = new Shape(3, 256, 256);
        generator(b, "G_AB.model.", image);
        generator(b, "G_BA.model.", image);
        discriminator(b, "D_A.model.", image);
        discriminator(b, "D_B.model.", image);
        return b.build("CycleGAN", "PyTorch-GAN CycleGAN (Gavel's CycleGAN): 2 ResNet-9 generators + 2 PatchGAN "
                + "discriminators, 256x256x3", image);
    }

    private static void generator(NetBuilder b, String p, Shape in) {
        Shape s = b.conv(p + "1", in, 64, 7, 1, 3, true);
        s = b.conv(p + "4", s, 128, 3, 2, 1, true);
        s = b.conv(p + "7", s, 256, 3, 2, 1, true);
        for (int i = 0; i < 9; i++) {
            String r = p + (10 + i) + ".block.";
            s = b.conv(r + "5", b.conv(r + "1", s, 256, 3, 1, 1, true), 256, 3, 1, 1, true);
        }
        s = b.conv(p + "20", new Shape(s.c(), 2 * s.h(), 2 * s.w()), 128, 3, 1, 1, true);
        s = b.conv(p + "24", new Shape(s.c(), 2 * s.h(), 2 * s.w()), 64, 3, 1, 1, true);
        b.conv(p + "28", s, 3, 7, 1, 3, true);
    }

    private static void discriminator(NetBuilder b, String p, Shape in) {
        Shape s = b.conv(p + "0", in, 64, 4, 2, 1, true);
        s = b.conv(p + "2", s, 128, 4, 2, 1, true);
        s = b.conv(p + "5", s, 256, 4, 2, 1, true);
        s = b.conv(p + "8", s, 512, 4, 2, 1, true);
        // ZeroPad2d((1, 0, 1, 0)) before the last convolution
        b.conv(p + "12", new Shape(s.c(), s.h() + 1, s.w() + 1), 1, 4, 1, 1, true);
    }
}
