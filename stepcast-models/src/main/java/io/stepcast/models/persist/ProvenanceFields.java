package io.stepcast.models.persist;

import io.stepcast.api.Provenance;

import java.io.IOException;

/**
 * A {@link Provenance} as named fields of an envelope, the same wherever one is saved (a model file's, a hybrid's
 * base's): the estimator, its hyper-parameters, the training set's id, checksum and size, the seed and the versions.
 */
public final class ProvenanceFields {
    private ProvenanceFields() {
    }

    /** Writes {@code p} into {@code w}. */
    public static void write(Provenance p, PayloadWriter w) {
        w.text("estimator", p.estimator()).textMap("hyper_parameters", p.hyperParameters())
                .text("training_set", p.trainingSetId()).text("training_checksum", p.trainingChecksum())
                .integer("training_size", p.trainingSize()).integer("seed", p.seed()).textMap("versions", p.versions());
    }

    /** The provenance {@link #write} wrote into {@code r}; its names must not be blank. */
    public static Provenance read(PayloadReader r) throws IOException {
        try {
            return new Provenance(required(r, "estimator"), r.textMap("hyper_parameters"), required(r, "training_set"),
                    required(r, "training_checksum"), r.integer("training_size"), r.longInteger("seed"),
                    r.textMap("versions"));
        } catch (IllegalArgumentException e) {
            throw r.corrupt(e.getMessage());
        }
    }

    private static String required(PayloadReader r, String field) throws IOException {
        String v = r.text(field);
        if (v.isBlank()) {
            throw r.corrupt(field, "is blank");
        }
        return v;
    }
}
