package io.stepcast.evaluation.selection;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.CandidateEstimate;

/**
 * A batch-size decision as the JSON of {@code stepcast select-batch --json} and of {@code POST /v1/select-batch}:
 * {@code {batch, feasible, slo_s?, predictor, rationale, candidates: [{batch, time_s, upper_s?, accuracy,
 * meets_slo}], skipped: [...]}}; {@code upper_s} is the upper end of the interval a risk-aware selector judged
 * the candidate on (the caller adds {@code risk}).
 */
public final class BatchDecisionJson {
    private BatchDecisionJson() {
    }

    /** The decision made with the named estimator's predictor. */
    public static ObjectNode of(ObjectMapper mapper, BatchDecision d, String estimator) {
        ObjectNode root = mapper.createObjectNode();
        root.put("batch", d.batch());
        root.put("feasible", d.sloAttainable());
        if (d.slo().isPresent()) {
            root.put("slo_s", d.slo().getAsDouble());
        }
        root.put("predictor", estimator);
        root.put("rationale", d.rationale());
        ArrayNode cands = root.putArray("candidates");
        for (CandidateEstimate c : d.candidates()) {
            ObjectNode n = cands.addObject();
            n.put("batch", c.batch());
            n.put("time_s", c.timeS());
            if (c.upperS().isPresent()) {
                n.put("upper_s", c.upperS().getAsDouble());
            }
            if (c.accuracy().isPresent()) {
                n.put("accuracy", c.accuracy().getAsDouble());
            } else {
                n.putNull("accuracy");
            }
            n.put("meets_slo", c.feasible());
        }
        ArrayNode skipped = root.putArray("skipped");
        d.skipped().forEach(skipped::add);
        return root;
    }
}
