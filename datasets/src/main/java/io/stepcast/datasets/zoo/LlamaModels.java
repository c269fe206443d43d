package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.TransformerShape;

import java.util.List;
import java.util.Optional;

/**
 * Meta's Llama models by their published configurations, each built by {@link TransformerModels#llama}.
 *
 * <p>Sources, field by field ({@code num_hidden_layers}, {@code hidden_size}, {@code num_attention_heads},
 * {@code num_key_value_heads}, {@code intermediate_size}, {@code vocab_size}, {@code max_position_embeddings} in
 * Hugging Face's {@code config.json}; {@code n_layers}, {@code dim}, {@code n_heads}, {@code n_kv_heads},
 * {@code vocab_size}, {@code ffn_dim_multiplier}, {@code multiple_of} in Meta's {@code params.json}, whose
 * feed-forward size {@code llama/model.py} derives as {@code multiple_of x ceil(ffn_dim_multiplier x int(8 dim / 3)
 * / multiple_of)}):
 * <ul>
 *   <li>Llama 2 7B, 13B, 70B: Hugging Face {@code meta-llama/Llama-2-7b-hf}, {@code Llama-2-13b-hf} and
 *       {@code Llama-2-70b-hf} {@code config.json}; the 4,096-token context of the Llama 2 model card (Touvron et
 *       al., "Llama 2", 2023, Table 1: grouped-query attention for 70B only).</li>
 *   <li>Llama 3 8B, 70B: Meta's {@code params.json} (github.com/meta-llama/llama3, {@code Meta-Llama-3-8B-Instruct}
 *       and {@code Meta-Llama-3-70B}) and {@code models/sku_list.py} of github.com/meta-llama/llama-models; the
 *       8k context of the Llama 3 model card (github.com/meta-llama/llama3 {@code MODEL_CARD.md}).</li>
 *   <li>Llama 3.1 405B: {@code models/sku_list.py} of github.com/meta-llama/llama-models ({@code dim} 16384,
 *       {@code n_layers} 126, {@code n_heads} 128, {@code n_kv_heads} 8, {@code ffn_dim_multiplier} 1.2,
 *       {@code multiple_of} 4096) and "The Llama 3 Herd of Models" (Dubey et al., 2024, Table 3); pre-training
 *       runs at 8,192 tokens before the long-context phase (section 3.4.1), which Hugging Face's config keeps as
 *       {@code rope_scaling.original_max_position_embeddings}.</li>
 * </ul>
 * Llama 3.1 8B and 70B have Llama 3's shapes (rotary scaling aside) and are accepted as their aliases.
 */
final class LlamaModels {
    /** A published Llama: its zoo name, shape and where the shape comes from. */
    record Published(String name, String title, TransformerShape shape, String source) {
        /** The model at its own sequence length. */
        ZooModel build() {
            return build(name, shape.sequence());
        }

        /** The model named {@code variant} at {@code tokens} tokens: rotary positions add no parameters. */
        ZooModel build(String variant, int tokens) {
            TransformerShape t = shape.atSequence(tokens);
            return TransformerModels.llama(variant, title + " (" + source + "): " + t.layers() + " layers, hidden "
                    + t.hidden() + ", " + t.heads() + " heads, " + t.kvHeads() + " key-value heads, FFN " + t.ffn()
                    + " (SwiGLU), vocabulary " + t.vocabulary() + ", untied output layer; FLOPs for " + tokens
                    + " tokens", t);
        }
    }

    /** The published Llamas, oldest first. */
    static final List<Published> PUBLISHED = List.of(
            published("llama2-7b", "Llama 2 7B", 32, 4096, 32, 32, 11008, 32000, 4096,
                    "Hugging Face meta-llama/Llama-2-7b-hf config.json"),
            published("llama2-13b", "Llama 2 13B", 40, 5120, 40, 40, 13824, 32000, 4096,
                    "Hugging Face meta-llama/Llama-2-13b-hf config.json"),
            published("llama2-70b", "Llama 2 70B", 80, 8192, 64, 8, 28672, 32000, 4096,
                    "Hugging Face meta-llama/Llama-2-70b-hf config.json"),
            published("llama3-8b", "Llama 3 8B", 32, 4096, 32, 8, 14336, 128256, 8192,
                    "Meta's params.json, meta-llama/llama3 and meta-llama/llama-models sku_list.py"),
            published("llama3-70b", "Llama 3 70B", 80, 8192, 64, 8, 28672, 128256, 8192,
                    "Meta's params.json, meta-llama/llama3 and meta-llama/llama-models sku_list.py"),
            published("llama3.1-405b", "Llama 3.1 405B", 126, 16384, 128, 8, 53248, 128256, 8192,
                    "meta-llama/llama-models sku_list.py; Dubey et al. 2024, Table 3, 8,192-token pre-training"));

    private LlamaModels() {
    }

    private static Published published(String name, String title, int layers, int hidden, int heads, int kvHeads,
                                       int ffn, int vocabulary, int sequence, String source) {
        return new Published(name, title, new TransformerShape(layers, hidden, heads, sequence, vocabulary, ffn,
                kvHeads, TransformerShape.Style.LLAMA), source);
    }

    /** The published Llama of a zoo name, exactly as listed. */
    static Optional<Published> named(String name) {
        return PUBLISHED.stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
