package io.stepcast.analytic.transfer;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Precision;
import io.stepcast.models.compute.CrossMachinePrecision;

import java.util.Optional;

/**
 * The job whose single-GPU times {@code overhead-transfer} compares across hardware: the model (its canonical key),
 * the local batch and the precision tag ({@link Config#precisionTag}, empty for the default). Its {@link #key} is the
 * form the fitted predictor stores and saves, {@code <model>#<batch>[%<precision>]}; {@link #parse} reads it back, so
 * the two change together.
 *
 * @param model     {@link ModelNames#key} of the model
 * @param batch     local batch per GPU
 * @param precision precision tag, empty for the default
 */
record TransferJob(String model, int batch, String precision) {

    static TransferJob of(Config c) {
        return new TransferJob(ModelNames.key(c.model()), c.localBatch(), c.precisionTag());
    }

    /** {@code <model>#<batch>[%<precision>]}. */
    String key() {
        return model + "#" + batch + Precision.keySuffix(precision);
    }

    /** The model at its precision, whatever the batch: {@code <model>[%<precision>]}. */
    String modelAtPrecision() {
        return model + Precision.keySuffix(precision);
    }

    /**
     * The same code at the precision it runs at on another generation of GPU ({@link CrossMachinePrecision#sameCode}:
     * {@code fp32} and {@code tf32} are one job across machines). Empty for the other precisions.
     */
    Optional<TransferJob> sameCode() {
        return CrossMachinePrecision.sameCode(precision).map(this::at);
    }

    /** The same model and batch at precision tag {@code tag}. */
    TransferJob at(String tag) {
        return new TransferJob(model, batch, tag);
    }

    /**
     * The job of a stored key, {@code <model>#<batch>[%<precision>]}, optionally followed by {@code @<scale>} (a
     * multi-GPU key, {@link OverheadTransferEstimator#scaled}), which is ignored; empty for a key of another form
     * (a predictor saved by an older version keyed its jobs otherwise: those keys still answer their own job).
     */
    static Optional<TransferJob> parse(String key) {
        int at = key.indexOf('@');
        String job = at < 0 ? key : key.substring(0, at);
        int hash = job.lastIndexOf('#');
        int pct = job.indexOf('%', hash + 1);
        if (hash < 1) {
            return Optional.empty();
        }
        try {
            int batch = Integer.parseInt(job.substring(hash + 1, pct < 0 ? job.length() : pct));
            return Optional.of(new TransferJob(job.substring(0, hash), batch, pct < 0 ? "" : job.substring(pct + 1)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
