package io.stepcast.datasets.zoo;

import io.stepcast.datasets.zoo.NetBuilder.Shape;

import java.util.Arrays;

/**
 * The layer-by-layer definitions of the zoo's models, following the published reference implementations
 * named in each method's Javadoc. Parameter names follow those implementations' {@code state_dict}.
 */
final class Architectures {
    private Architectures() {
    }

    /**
     * LeNet-5 as BigDL ships it ({@code com.intel.analytics.bigdl.models.lenet.LeNet5}): conv 1-6 5x5, tanh,
     * max-pool 2, conv 6-12 5x5, tanh, max-pool 2, fc 192-100, tanh, fc 100-10. 22,278 parameters.
     */
    static ZooModel lenet5() {
        NetBuilder b = new NetBuilder();
        Shape s = new Shape(1, 28, 28);
        s = NetBuilder.pool(b.conv("conv1", s, 6, 5, 1, 0, true), 2, 2, 0, false);
        s = NetBuilder.pool(b.conv("conv2", s, 12, 5, 1, 0, true), 2, 2, 0, false);
        int f = b.linear("fc1", (int) s.elements(), 100, true);
        b.linear("fc2", f, 10, true);
        return b.build("LeNet-5", "BigDL LeNet5 for MNIST (28x28x1)", new Shape(1, 28, 28));
    }

    /** Courier's "simplenet": a 784-128-10 multi-layer perceptron on MNIST. 101,770 parameters. */
    static ZooModel mlp() {
        NetBuilder b = new NetBuilder();
        b.linear("fc2", b.linear("fc1", 784, 128, true), 10, true);
        return b.build("MLP", "784-128-10 perceptron (Courier's simplenet), MNIST", new Shape(1, 28, 28));
    }

    /** AlexNet as torchvision defines it (Krizhevsky's "one weird trick" variant), 224x224: 61,100,840. */
    static ZooModel alexnet() {
        NetBuilder b = new NetBuilder();
        Shape s = new Shape(3, 224, 224);
        s = NetBuilder.pool(b.conv("features.0", s, 64, 11, 4, 2, true), 3, 2, 0, false);
        s = NetBuilder.pool(b.conv("features.3", s, 192, 5, 1, 2, true), 3, 2, 0, false);
        s = b.conv("features.6", s, 384, 3, 1, 1, true);
        s = b.conv("features.8", s, 256, 3, 1, 1, true);
        s = NetBuilder.pool(b.conv("features.10", s, 256, 3, 1, 1, true), 3, 2, 0, false);
        // adaptive average pooling to 6x6 (a no-op at 224x224)
        int f = b.linear("classifier.1", 256 * 6 * 6, 4096, true);
        f = b.linear("classifier.4", f, 4096, true);
        b.linear("classifier.6", f, 1000, true);
        return b.build("AlexNet", "torchvision AlexNet, 224x224x3, 1000 classes", new Shape(3, 224, 224));
    }

    /** VGG-16 (configuration D of Simonyan and Zisserman) as torchvision defines it: 138,357,544. */
    static ZooModel vgg16() {
        return vgg("VGG16", "torchvision VGG-16 (configuration D), 224x224x3, 1000 classes",
                new int[] {64, 64, -1, 128, 128, -1, 256, 256, 256, -1, 512, 512, 512, -1, 512, 512, 512, -1});
    }

    /** VGG-19 (configuration E of Simonyan and Zisserman) as torchvision defines it: 143,667,240. */
    static ZooModel vgg19() {
        return vgg("VGG19", "torchvision VGG-19 (configuration E), 224x224x3, 1000 classes",
                new int[] {64, 64, -1, 128, 128, -1, 256, 256, 256, 256, -1, 512, 512, 512, 512, -1,
                    512, 512, 512, 512, -1});
    }

    /** A torchvision VGG without batch norm: {@code cfg} lists 3x3 convolution widths, -1 for a max-pool. */
    private static ZooModel vgg(String name, String description, int[] cfg) {
        NetBuilder b = new NetBuilder();
        Shape s = new Shape(3, 224, 224);
        int index = 0;
        for (int v : cfg) {
            if (v < 0) {
                s = NetBuilder.pool(s, 2, 2, 0, false);
                index += 1;
            } else {
                s = b.conv("features." + index, s, v, 3, 1, 1, true);
                index += 2;
            }
        }
        int f = b.linear("classifier.0", (int) s.elements(), 4096, true);
        f = b.linear("classifier.3", f, 4096, true);
        b.linear("classifier.6", f, 1000, true);
        return b.build(name, description, new Shape(3, 224, 224));
    }

    /**
     * ResNet with bottleneck blocks (He et al., CVPR 2016) as torchvision defines it (stride in the 3x3
     * convolution, "ResNet v1.5"), 224x224.
     */
    static ZooModel resnetBottleneck(String name, int[] blocks) {
        NetBuilder b = new NetBuilder();
        Shape s = new Shape(3, 224, 224);
        s = b.bn("bn1", b.conv("conv1", s, 64, 7, 2, 3, false));
        s = NetBuilder.pool(s, 3, 2, 1, false);
        int[] widths = {64, 128, 256, 512};
        for (int stage = 0; stage < 4; stage++) {
            for (int i = 0; i < blocks[stage]; i++) {
                int stride = i == 0 && stage > 0 ? 2 : 1;
                String p = "layer" + (stage + 1) + "." + i + ".";
                int w = widths[stage];
                Shape in = s;
                Shape o = b.bn(p + "bn1", b.conv(p + "conv1", in, w, 1, 1, 0, false));
                o = b.bn(p + "bn2", b.conv(p + "conv2", o, w, 3, stride, 1, false));
                o = b.bn(p + "bn3", b.conv(p + "conv3", o, w * 4, 1, 1, 0, false));
                if (i == 0) {
                    b.bn(p + "downsample.1", b.conv(p + "downsample.0", in, w * 4, 1, stride, 0, false));
                }
                s = o;
            }
        }
        b.linear("fc", s.c(), 1000, true);
        return b.build(name, "torchvision " + name + " (bottleneck blocks " + Arrays.toString(blocks)
                + "), 224x224x3, 1000 classes", new Shape(3, 224, 224));
    }

    /**
     * ResNet-18 for CIFAR-10 as the Pollux traces train it (the widely used {@code kuangliu/pytorch-cifar}
     * form: 3x3 stem without max-pooling, basic blocks [2, 2, 2, 2], 10 classes): 11,173,962.
     */
    static ZooModel cifarResnet18() {
        NetBuilder b = new NetBuilder();
        Shape s = new Shape(3, 32, 32);
        s = b.bn("bn1", b.conv("conv1", s, 64, 3, 1, 1, false));
        int[] widths = {64, 128, 256, 512};
        for (int stage = 0; stage < 4; stage++) {
            for (int i = 0; i < 2; i++) {
                int stride = i == 0 && stage > 0 ? 2 : 1;
                String p = "layer" + (stage + 1) + "." + i + ".";
                int w = widths[stage];
                Shape in = s;
                Shape o = b.bn(p + "bn1", b.conv(p + "conv1", in, w, 3, stride, 1, false));
                o = b.bn(p + "bn2", b.conv(p + "conv2", o, w, 3, 1, 1, false));
                if (stride != 1 || in.c() != w) {
                    b.bn(p + "shortcut.1", b.conv(p + "shortcut.0", in, w, 1, stride, 0, false));
                }
                s = o;
            }
        }
        b.linear("linear", s.c(), 10, true);
        return b.build("ResNet-18", "ResNet-18 for CIFAR-10 (kuangliu/pytorch-cifar), 32x32x3, 10 classes",
                new Shape(3, 32, 32));
    }

    /**
     * GoogLeNet (Szegedy et al., CVPR 2015) as torchvision defines it: batch-normalised convolutions without
     * bias, the "5x5" branch with a 3x3 kernel as in torchvision, no auxiliary classifiers (as torchvision's
     * trained weights): 6,624,904.
     */
    static ZooModel googlenet() {
        NetBuilder b = new NetBuilder();
        Shape s = new Shape(3, 224, 224);
        s = b.convBn("conv1", s, 64, 7, 7, 2, 3, 3);
        s = NetBuilder.pool(s, 3, 2, 0, true);
        s = b.convBn("conv2", s, 64, 1, 1, 1, 0, 0);
        s = b.convBn("conv3", s, 192, 3, 3, 1, 1, 1);
        s = NetBuilder.pool(s, 3, 2, 0, true);
        s = inceptionV1(b, "inception3a", s, 64, 96, 128, 16, 32, 32);
        s = inceptionV1(b, "inception3b", s, 128, 128, 192, 32, 96, 64);
        s = NetBuilder.pool(s, 3, 2, 0, true);
        s = inceptionV1(b, "inception4a", s, 192, 96, 208, 16, 48, 64);
        s = inceptionV1(b, "inception4b", s, 160, 112, 224, 24, 64, 64);
        s = inceptionV1(b, "inception4c", s, 128, 128, 256, 24, 64, 64);
        s = inceptionV1(b, "inception4d", s, 112, 144, 288, 32, 64, 64);
        s = inceptionV1(b, "inception4e", s, 256, 160, 320, 32, 128, 128);
        s = NetBuilder.pool(s, 2, 2, 0, true);
        s = inceptionV1(b, "inception5a", s, 256, 160, 320, 32, 128, 128);
        s = inceptionV1(b, "inception5b", s, 384, 192, 384, 48, 128, 128);
        b.linear("fc", s.c(), 1000, true);
        return b.build("GoogLeNet", "torchvision GoogLeNet without auxiliary classifiers, 224x224x3, 1000 classes",
                new Shape(3, 224, 224));
    }

    private static Shape inceptionV1(NetBuilder b, String n, Shape in, int c1, int c3r, int c3, int c5r, int c5,
                                     int pool) {
        Shape b1 = b.convBn(n + ".branch1", in, c1, 1, 1, 1, 0, 0);
        Shape b2 = b.convBn(n + ".branch2.1", b.convBn(n + ".branch2.0", in, c3r, 1, 1, 1, 0, 0), c3, 3, 3, 1, 1, 1);
        Shape b3 = b.convBn(n + ".branch3.1", b.convBn(n + ".branch3.0", in, c5r, 1, 1, 1, 0, 0), c5, 3, 3, 1, 1, 1);
        Shape b4 = b.convBn(n + ".branch4.1", NetBuilder.pool(in, 3, 1, 1, true), pool, 1, 1, 1, 0, 0);
        return Shape.concat(b1, b2, b3, b4);
    }

    /**
     * Inception-v3 (Szegedy et al., CVPR 2016) as torchvision defines it, 299x299, with the auxiliary
     * classifier that runs during training: 27,161,264.
     */
    static ZooModel inceptionV3() {
        NetBuilder b = new NetBuilder();
        Shape s = new Shape(3, 299, 299);
        s = b.convBn("Conv2d_1a_3x3", s, 32, 3, 3, 2, 0, 0);
        s = b.convBn("Conv2d_2a_3x3", s, 32, 3, 3, 1, 0, 0);
        s = b.convBn("Conv2d_2b_3x3", s, 64, 3, 3, 1, 1, 1);
        s = NetBuilder.pool(s, 3, 2, 0, false);
        s = b.convBn("Conv2d_3b_1x1", s, 80, 1, 1, 1, 0, 0);
        s = b.convBn("Conv2d_4a_3x3", s, 192, 3, 3, 1, 0, 0);
        s = NetBuilder.pool(s, 3, 2, 0, false);
        s = inceptionA(b, "Mixed_5b", s, 32);
        s = inceptionA(b, "Mixed_5c", s, 64);
        s = inceptionA(b, "Mixed_5d", s, 64);
        s = inceptionB(b, "Mixed_6a", s);
        s = inceptionC(b, "Mixed_6b", s, 128);
        s = inceptionC(b, "Mixed_6c", s, 160);
        s = inceptionC(b, "Mixed_6d", s, 160);
        s = inceptionC(b, "Mixed_6e", s, 192);
        // Auxiliary classifier on the 17x17 map.
        Shape a = NetBuilder.pool(s, 5, 3, 0, false);
        a = b.convBn("AuxLogits.conv0", a, 128, 1, 1, 1, 0, 0);
        a = b.convBn("AuxLogits.conv1", a, 768, 5, 5, 1, 0, 0);
        b.linear("AuxLogits.fc", a.c(), 1000, true);
        s = inceptionD(b, "Mixed_7a", s);
        s = inceptionE(b, "Mixed_7b", s);
        s = inceptionE(b, "Mixed_7c", s);
        b.linear("fc", s.c(), 1000, true);
        return b.build("InceptionV3", "torchvision Inception-v3 with its auxiliary classifier, 299x299x3, 1000 classes",
                new Shape(3, 299, 299));
    }

    private static Shape inceptionA(NetBuilder b, String n, Shape in, int poolFeatures) {
        Shape b1 = b.convBn(n + ".branch1x1", in, 64, 1, 1, 1, 0, 0);
        Shape b5 = b.convBn(n + ".branch5x5_2", b.convBn(n + ".branch5x5_1", in, 48, 1, 1, 1, 0, 0), 64, 5, 5, 1, 2, 2);
        Shape b3 = b.convBn(n + ".branch3x3dbl_1", in, 64, 1, 1, 1, 0, 0);
        b3 = b.convBn(n + ".branch3x3dbl_2", b3, 96, 3, 3, 1, 1, 1);
        b3 = b.convBn(n + ".branch3x3dbl_3", b3, 96, 3, 3, 1, 1, 1);
        Shape bp = b.convBn(n + ".branch_pool", NetBuilder.pool(in, 3, 1, 1, false), poolFeatures, 1, 1, 1, 0, 0);
        return Shape.concat(b1, b5, b3, bp);
    }

    private static Shape inceptionB(NetBuilder b, String n, Shape in) {
        Shape b3 = b.convBn(n + ".branch3x3", in, 384, 3, 3, 2, 0, 0);
        Shape d = b.convBn(n + ".branch3x3dbl_1", in, 64, 1, 1, 1, 0, 0);
        d = b.convBn(n + ".branch3x3dbl_2", d, 96, 3, 3, 1, 1, 1);
        d = b.convBn(n + ".branch3x3dbl_3", d, 96, 3, 3, 2, 0, 0);
        return Shape.concat(b3, d, NetBuilder.pool(in, 3, 2, 0, false));
    }

    private static Shape inceptionC(NetBuilder b, String n, Shape in, int c7) {
        Shape b1 = b.convBn(n + ".branch1x1", in, 192, 1, 1, 1, 0, 0);
        Shape s7 = b.convBn(n + ".branch7x7_1", in, c7, 1, 1, 1, 0, 0);
        s7 = b.convBn(n + ".branch7x7_2", s7, c7, 1, 7, 1, 0, 3);
        s7 = b.convBn(n + ".branch7x7_3", s7, 192, 7, 1, 1, 3, 0);
        Shape d = b.convBn(n + ".branch7x7dbl_1", in, c7, 1, 1, 1, 0, 0);
        d = b.convBn(n + ".branch7x7dbl_2", d, c7, 7, 1, 1, 3, 0);
        d = b.convBn(n + ".branch7x7dbl_3", d, c7, 1, 7, 1, 0, 3);
        d = b.convBn(n + ".branch7x7dbl_4", d, c7, 7, 1, 1, 3, 0);
        d = b.convBn(n + ".branch7x7dbl_5", d, 192, 1, 7, 1, 0, 3);
        Shape bp = b.convBn(n + ".branch_pool", NetBuilder.pool(in, 3, 1, 1, false), 192, 1, 1, 1, 0, 0);
        return Shape.concat(b1, s7, d, bp);
    }

    private static Shape inceptionD(NetBuilder b, String n, Shape in) {
        Shape b3 = b.convBn(n + ".branch3x3_2", b.convBn(n + ".branch3x3_1", in, 192, 1, 1, 1, 0, 0), 320, 3, 3, 2, 0, 0);
        Shape b7 = b.convBn(n + ".branch7x7x3_1", in, 192, 1, 1, 1, 0, 0);
        b7 = b.convBn(n + ".branch7x7x3_2", b7, 192, 1, 7, 1, 0, 3);
        b7 = b.convBn(n + ".branch7x7x3_3", b7, 192, 7, 1, 1, 3, 0);
        b7 = b.convBn(n + ".branch7x7x3_4", b7, 192, 3, 3, 2, 0, 0);
        return Shape.concat(b3, b7, NetBuilder.pool(in, 3, 2, 0, false));
    }

    private static Shape inceptionE(NetBuilder b, String n, Shape in) {
        Shape b1 = b.convBn(n + ".branch1x1", in, 320, 1, 1, 1, 0, 0);
        Shape b3 = b.convBn(n + ".branch3x3_1", in, 384, 1, 1, 1, 0, 0);
        Shape b3a = b.convBn(n + ".branch3x3_2a", b3, 384, 1, 3, 1, 0, 1);
        Shape b3b = b.convBn(n + ".branch3x3_2b", b3, 384, 3, 1, 1, 1, 0);
        Shape d = b.convBn(n + ".branch3x3dbl_1", in, 448, 1, 1, 1, 0, 0);
        d = b.convBn(n + ".branch3x3dbl_2", d, 384, 3, 3, 1, 1, 1);
        Shape da = b.convBn(n + ".branch3x3dbl_3a", d, 384, 1, 3, 1, 0, 1);
        Shape db = b.convBn(n + ".branch3x3dbl_3b", d, 384, 3, 1, 1, 1, 0);
        Shape bp = b.convBn(n + ".branch_pool", NetBuilder.pool(in, 3, 1, 1, false), 192, 1, 1, 1, 0, 0);
        return Shape.concat(b1, b3a, b3b, da, db, bp);
    }
}
