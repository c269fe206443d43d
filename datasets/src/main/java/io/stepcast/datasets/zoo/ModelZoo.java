package io.stepcast.datasets.zoo;

import io.stepcast.api.ModelNames;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Exact parameter tensors and per-layer forward FLOPs of the models the reference data trains, looked up
 * by the names the data uses, case and punctuation insensitive ({@link ModelNames#key}).
 *
 * <table>
 *   <caption>Models, parameter counts and accepted names</caption>
 *   <tr><th>model</th><th>parameters</th><th>names</th></tr>
 *   <tr><td>LeNet-5 (BigDL)</td><td>22,278</td><td>lenet5, lenet, LeNet-5</td></tr>
 *   <tr><td>MLP 784-128-10</td><td>101,770</td><td>mlp, simplenet</td></tr>
 *   <tr><td>AlexNet (torchvision)</td><td>61,100,840</td><td>AlexNet</td></tr>
 *   <tr><td>VGG-16 (torchvision)</td><td>138,357,544</td><td>VGG16, vgg16, VGG-16</td></tr>
 *   <tr><td>ResNet-50 (torchvision)</td><td>25,557,032</td><td>ResNet-50, resnet50, imagenet (Pollux)</td></tr>
 *   <tr><td>ResNet-152 (torchvision)</td><td>60,192,808</td><td>ResNet-152, resnet152</td></tr>
 *   <tr><td>Inception-v3 (torchvision, with auxiliary classifier)</td><td>27,161,264</td><td>InceptionV3,
 *       inception3 (tf_cnn_benchmarks), inception_v3</td></tr>
 *   <tr><td>GoogLeNet (torchvision)</td><td>6,624,904</td><td>GoogLeNet, inception1, InceptionV1</td></tr>
 *   <tr><td>ResNet-18 for CIFAR-10</td><td>11,173,962</td><td>ResNet-18, resnet18, cifar10 (Pollux)</td></tr>
 * </table>
 *
 * <p>FLOPs per sample count 2 per multiply-accumulate of convolutions and fully connected layers, 1 per
 * output for biases and 2 per element for batch normalisation (see {@code NetBuilder}); activations and
 * pooling are not counted. Models are built on first use and are immutable; the zoo is thread-safe.
 */
public final class ModelZoo {
    private static final Map<String, Supplier<ZooModel>> BUILDERS = builders();
    private static final Map<String, String> ALIASES = aliases();

    private final Map<String, ZooModel> built = new java.util.concurrent.ConcurrentHashMap<>();

    /** A zoo; models are built lazily and kept. */
    public ModelZoo() {
    }

    private static Map<String, Supplier<ZooModel>> builders() {
        Map<String, Supplier<ZooModel>> m = new LinkedHashMap<>();
        m.put("LeNet-5", Architectures::lenet5);
        m.put("MLP", Architectures::mlp);
        m.put("AlexNet", Architectures::alexnet);
        m.put("VGG16", Architectures::vgg16);
        m.put("ResNet-50", () -> Architectures.resnetBottleneck("ResNet-50", new int[] {3, 4, 6, 3}));
        m.put("ResNet-152", () -> Architectures.resnetBottleneck("ResNet-152", new int[] {3, 8, 36, 3}));
        m.put("InceptionV3", Architectures::inceptionV3);
        m.put("GoogLeNet", Architectures::googlenet);
        m.put("ResNet-18", Architectures::cifarResnet18);
        return java.util.Collections.unmodifiableMap(m);
    }

    private static Map<String, String> aliases() {
        Map<String, String> a = new LinkedHashMap<>();
        for (String canonical : BUILDERS.keySet()) {
            a.put(ModelNames.key(canonical), canonical);
        }
        alias(a, "LeNet-5", "lenet", "lenet5bigdl");
        alias(a, "MLP", "simplenet", "mlp784128", "mlp78412810");
        alias(a, "AlexNet", "alexnetowt");
        alias(a, "ResNet-50", "imagenet", "resnet50v15", "resnet50v1");
        alias(a, "ResNet-152", "resnet152v1");
        alias(a, "InceptionV3", "inception3", "inception");
        alias(a, "GoogLeNet", "inception1", "inceptionv1");
        alias(a, "ResNet-18", "cifar10", "resnet18cifar", "resnet18cifar10");
        return java.util.Collections.unmodifiableMap(a);
    }

    private static void alias(Map<String, String> a, String canonical, String... keys) {
        for (String k : keys) {
            a.put(ModelNames.key(k), canonical);
        }
    }

    /** Canonical names of every model, in zoo order. */
    public List<String> names() {
        return List.copyOf(BUILDERS.keySet());
    }

    /** The canonical name a model name resolves to, when the zoo knows it. */
    public Optional<String> canonical(String name) {
        return name == null ? Optional.empty() : Optional.ofNullable(ALIASES.get(ModelNames.key(name)));
    }

    /** The model under any accepted name. */
    public Optional<ZooModel> find(String name) {
        return canonical(name).map(c -> built.computeIfAbsent(c, k -> BUILDERS.get(k).get()));
    }

    /**
     * The model under any accepted name.
     *
     * @throws IllegalArgumentException naming the known models when the name is unknown
     */
    public ZooModel get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("model '" + name
                + "' is not in the zoo (known: " + String.join(", ", names()) + ")"));
    }
}
