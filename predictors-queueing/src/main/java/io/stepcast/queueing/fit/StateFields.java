package io.stepcast.queueing.fit;

import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.IOException;
import java.util.List;

/**
 * How a queueing predictor's calibrated state is saved as named fields of an envelope by {@link BasisTableCodec}, and
 * read back; and how a state saved in the former text layout (URL-encoded tab-separated fields) is read.
 *
 * @param <S> the calibrated state
 */
public interface StateFields<S> {

    /** Writes the state's fields. */
    void write(S state, PayloadWriter into);

    /**
     * The state read from its fields.
     *
     * @param basis the basis it was calibrated from (to rebuild what is derived from it, not stored)
     * @throws IOException naming the field that is missing or malformed
     */
    S read(PayloadReader from, SingleWorkerBasis basis) throws IOException;

    /**
     * The state read from the fields of a former text payload.
     *
     * @param basis the basis it was calibrated from
     * @throws IllegalArgumentException when a field is malformed
     */
    S readFormer(List<String> fields, SingleWorkerBasis basis);
}
