package io.stepcast.datasets.zoo;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The zoo's encoder transformers at other sequence lengths ({@code <model>-seq<tokens>}). */
class SequenceVariantsTest {
    private final ModelZoo zoo = new ModelZoo();

    @Test
    void aVariantKeepsTheParametersAndTakesTheFlopsOfItsLength() {
        ZooModel base = zoo.get("BERT-base");
        ZooModel short128 = zoo.get("bert-base-uncased-seq128");
        assertThat(short128.name()).isEqualTo("BERT-base-seq128");
        assertThat(short128.parameters()).isEqualTo(base.parameters());
        // The linear layers scale with the tokens, attention's scores with their square: a quarter of the
        // length costs less than a quarter of the work.
        assertThat(short128.forwardFlops()).isLessThan(base.forwardFlops() / 4);
        assertThat(zoo.get("Transformer-big-seq256").parameters())
                .isEqualTo(zoo.get("Transformer-big").parameters());
        assertThat(zoo.get("Transformer-big-seq256").forwardFlops()).isGreaterThan(2 * zoo.get("Transformer-big").forwardFlops());
    }

    @Test
    void theListedVariantIsTheSameModelUnderEitherSpelling() {
        assertThat(zoo.canonical("BERT-Large-Uncased-seq128")).contains("BERT-large-seq128");
        assertThat(zoo.get("bert-large-seq128").forwardFlops())
                .isEqualTo(TransformerModels.bert("x", 24, 1024, 16, 128).forwardFlops());
    }

    @Test
    void atSequenceNamesTheVariantOrTheModelAtItsOwnLength() {
        assertThat(zoo.atSequence("BERT-large", 128)).contains("BERT-large-seq128");
        assertThat(zoo.atSequence("BERT-large-seq128", 512)).contains("BERT-large");
        assertThat(zoo.atSequence("bert", 512)).contains("BERT-base");
        assertThat(zoo.atSequence("GPT-2", 512)).isEmpty();
        assertThat(zoo.atSequence("ResNet-50", 128)).isEmpty();
        assertThatThrownBy(() -> zoo.atSequence("BERT-base", 1024))
                .hasMessage("BERT-base takes 1 to 512 tokens, not 1024");
    }

    @Test
    void modelsWithoutVariantsAreNotFound() {
        assertThat(zoo.find("ResNet-50-seq128")).isEmpty();
        assertThat(zoo.find("GPT-2-seq512")).isEmpty();
    }
}
