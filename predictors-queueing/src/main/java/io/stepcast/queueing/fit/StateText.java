package io.stepcast.queueing.fit;

import java.util.List;

/**
 * How a queueing predictor's calibrated state is written as text fields for {@link BasisTableCodec}, and read back.
 *
 * @param <S> the calibrated state
 */
public interface StateText<S> {

    /** The state as fields (each written URL-encoded, tab-separated). */
    List<String> fields(S state);

    /**
     * The state read from its fields.
     *
     * @param basis the basis it was calibrated from (to rebuild what is derived from it, not stored)
     * @throws IllegalArgumentException when a field is malformed
     */
    S parse(List<String> fields, SingleWorkerBasis basis);
}
