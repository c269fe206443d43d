package io.stepcast.datasets.zoo;

import java.util.List;
import java.util.Optional;

/**
 * Recommendation models layer by layer, after the reference implementations named in each method's
 * Javadoc. FLOPs per sample as {@link NetBuilder} counts them (embedding lookups 0).
 */
final class RecommenderModels {
    private RecommenderModels() {
    }

    /**
     * NCF (He et al., WWW 2017), the NeuMF-end model of {@code guoyang9/NCF} as AdaptDL's example (the Pollux
     * traces' {@code ncf}) runs it: 32 predictive factors, a 3-layer MLP tower 256-128-64-32, MovieLens-1M
     * (6,040 users, 3,706 items). FLOPs for one (user, item) pair.
     */
    static ZooModel ncf() {
        int users = 6040;
        int items = 3706;
        int factors = 32;
        int layers = 3;
        NetBuilder b = new NetBuilder();
        b.embedding("embed_user_GMF", users, factors);
        b.embedding("embed_item_GMF", items, factors);
        int mlp = factors << (layers - 1);
        b.embedding("embed_user_MLP", users, mlp);
        b.embedding("embed_item_MLP", items, mlp);
        int in = 2 * mlp;
        for (int i = 0; i < layers; i++) {
            in = b.linear("MLP_layers." + (3 * i + 1), in, in / 2, true);
        }
        b.linear("predict_layer", 2 * factors, 1, true);
        return b.build("NCF", "guoyang9/NCF NeuMF-end (AdaptDL example), 32 factors, MLP 256-128-64-32, "
                + "MovieLens-1M", List.of(2), Optional.empty());
    }

    /**
     * Gavel's "Recommendation" job: Recoder's {@code DynamicAutoencoder} (hidden layers [200], untied) as
     * Gavel's {@code workloads/pytorch/recommendation/train.py} builds it, over the 20,108 items of MovieLens-20M
     * as preprocessed for Gavel ({@code pro_sg}, Liang et al., "Variational Autoencoders for Collaborative
     * Filtering", WWW 2018, Table 1). The encoder and decoder weights are embeddings indexed by item; the
     * parameter names keep PyTorch's name mangling. FLOPs for one interaction vector reconstructed in full.
     */
    static ZooModel autoencoder() {
        int items = 20108;
        int hidden = 200;
        NetBuilder b = new NetBuilder();
        b.layer("encoder", "MatMul", List.of(new TensorSpec("en_embedding_layer.weight", List.of(items, hidden)),
                new TensorSpec("_DynamicAutoencoder__en_linear_embedding_layer.bias", List.of(hidden))),
                NetBuilder.linearFlops(items, hidden, true));
        b.layer("decoder", "MatMul", List.of(new TensorSpec("de_embedding_layer.weight", List.of(items, hidden)),
                new TensorSpec("_DynamicAutoencoder__de_linear_embedding_layer.bias", List.of(items))),
                NetBuilder.linearFlops(hidden, items, true));
        return b.build("Autoencoder-ML20M", "Recoder DynamicAutoencoder [200] (Gavel's Recommendation), "
                + "MovieLens-20M, 20,108 items", List.of(items), Optional.empty());
    }
}
