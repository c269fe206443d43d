package io.stepcast.queueing.fit;

import io.stepcast.api.zoo.ModelCatalog;

import java.util.Objects;
import java.util.Optional;

/**
 * How a queueing predictor ends its refusal of a model whose parameter bytes are unknown: the column of a user's file
 * that supplies them and, for a model the zoo does not know, the zoo's closest models ({@link
 * ModelCatalog#notInTheZoo}), since a user often means one of them under another name (ELECTRA-base is BERT-base's
 * shape).
 *
 * @param zoo the model zoo, when bound
 */
public record UnknownBytes(Optional<ModelCatalog> zoo) {
    public UnknownBytes {
        Objects.requireNonNull(zoo, "zoo");
    }

    /** The end of the refusal for {@code model}, starting with a blank. */
    public String fix(String model) {
        return SingleWorkerBasis.PARAMETER_BYTES_FIX + zoo.filter(z -> z.find(model).isEmpty())
                .map(z -> ": " + z.notInTheZoo(model)).orElse("");
    }
}
