package io.stepcast.datasets.zoo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ModelZooTest {
    private final ModelZoo zoo = new ModelZoo();

    @ParameterizedTest
    @CsvSource({
            "lenet5, 22278", "mlp, 101770", "AlexNet, 61100840", "VGG16, 138357544", "ResNet-50, 25557032",
            "ResNet-152, 60192808", "InceptionV3, 27161264", "GoogLeNet, 6624904", "ResNet-18, 11173962"})
    void parameterCountsOfThePublishedForms(String name, long parameters) {
        ZooModel m = zoo.get(name);
        assertThat(m.parameters()).isEqualTo(parameters);
        assertThat(m.parameterBytes()).isEqualTo(4 * parameters);
        assertThat(m.tensors().stream().mapToLong(TensorSpec::bytes).sum()).isEqualTo(4 * parameters);
    }

    /** Forward FLOPs against the published multiply-accumulate counts (torchvision: GMACs x 2). */
    @ParameterizedTest
    @CsvSource({"AlexNet, 0.714", "VGG16, 15.47", "ResNet-50, 4.09", "ResNet-152, 11.51", "GoogLeNet, 1.50",
            "InceptionV3, 5.71", "ResNet-18, 0.556"})
    void forwardFlopsMatchPublishedMacs(String name, double gmacs) {
        double flops = zoo.get(name).forwardFlops();
        assertThat(flops / (2e9 * gmacs)).isCloseTo(1.0, within(0.04));
    }

    @Test
    void exactTensorsOfLeNet5() {
        ZooModel m = zoo.get("LeNet-5");
        assertThat(m.tensors()).extracting(TensorSpec::name).containsExactly(
                "conv1.weight", "conv1.bias", "conv2.weight", "conv2.bias", "fc1.weight", "fc1.bias",
                "fc2.weight", "fc2.bias");
        assertThat(m.tensors().get(2).shape()).containsExactly(12, 6, 5, 5);
        assertThat(m.tensors().get(4).shape()).containsExactly(100, 192);
        // conv1: 24x24x6 outputs x (25 MACs x 2 + 1 bias)
        assertThat(m.layers().get(0).forwardFlops()).isEqualTo(24L * 24 * 6 * 51);
    }

    @Test
    void resnet50NamesFollowTorchvision() {
        List<String> names = zoo.get("resnet50").tensors().stream().map(TensorSpec::name).toList();
        assertThat(names).startsWith("conv1.weight", "bn1.weight", "bn1.bias", "layer1.0.conv1.weight");
        assertThat(names).contains("layer1.0.downsample.0.weight", "layer4.2.bn3.bias")
                .endsWith("fc.weight", "fc.bias");
        assertThat(names).hasSize(161);
    }

    @ParameterizedTest
    @CsvSource({"ResNet-50, ResNet-50", "resnet50, ResNet-50", "imagenet, ResNet-50", "InceptionV3, InceptionV3",
            "inception3, InceptionV3", "VGG16, VGG16", "vgg16, VGG16", "vgg_16, VGG16", "AlexNet, AlexNet",
            "cifar10, ResNet-18", "ResNet-18, ResNet-18", "lenet5, LeNet-5", "mlp, MLP", "simplenet, MLP",
            "resnet_152, ResNet-152", "googlenet, GoogLeNet"})
    void aliasesOfTheReferenceData(String alias, String canonical) {
        assertThat(zoo.get(alias).name()).isEqualTo(canonical);
    }

    @Test
    void unknownModelNamesTheKnownOnes() {
        assertThat(zoo.find("NoSuchNet")).isEmpty();
        assertThatThrownBy(() -> zoo.get("ResNet-5O")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'ResNet-5O'").hasMessageContaining("closest: ResNet-50");
    }
}
