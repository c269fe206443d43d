package io.stepcast.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.app.sweep.SweepAxis;
import io.stepcast.app.sweep.SweepRow;
import io.stepcast.app.sweep.SweepSpec;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * {@code sweep --json}: {@code {predictor, train, target, unit, seeds, points: [...]}}, one point per row of
 * {@code sweep.parquet} with every axis by its column name ({@link SweepAxis}; the layout axes null in a sweep without
 * them), {@code answered} (seeds that gave a
 * value), {@code mean, sd, min, max} (null when no seed answered), {@code unit}, {@code peak_memory_gib} (peak memory
 * per GPU, GiB; null where the predictor estimates none), {@code fits} (whether it fits the GPU's memory; null where
 * the predictor or the hardware catalog cannot say), {@code refusal} (null when every seed answered) and
 * {@code extrapolation} (why a learned predictor flagged the point as past its training rows, as {@code predict --json}
 * says it; null when not flagged).
 */
final class SweepJson {
    private SweepJson() {
    }

    static ObjectNode of(ObjectMapper mapper, SweepSpec sweep, String unit, List<SweepRow> rows,
                         Function<SweepRow, Optional<Boolean>> fits) {
        ObjectNode root = mapper.createObjectNode().put("predictor", sweep.predictor()).put("train", sweep.train())
                .put("target", sweep.target()).put("unit", unit).put("seeds", sweep.seeds());
        ArrayNode points = root.putArray("points");
        for (SweepRow r : rows) {
            ObjectNode p = points.addObject();
            for (SweepAxis a : SweepAxis.values()) {
                p.set(a.column(), mapper.valueToTree(a.value(r)));
            }
            p.put("answered", r.answered());
            number(p, "mean", r.mean());
            number(p, "sd", r.sd());
            number(p, "min", r.min());
            number(p, "max", r.max());
            p.put("unit", unit);
            number(p, "peak_memory_gib", r.peakMemoryGib());
            Optional<Boolean> f = fits.apply(r);
            if (f.isPresent()) {
                p.put("fits", f.get());
            } else {
                p.putNull("fits");
            }
            p.put("refusal", r.refusal().orElse(null));
            // As predict --json and serve flag such an answer: a reader of the JSON sees no stderr note.
            p.put("extrapolation", r.extrapolation().orElse(null));
        }
        return root;
    }

    private static void number(ObjectNode node, String field, OptionalDouble v) {
        if (v.isPresent()) {
            node.put(field, v.getAsDouble());
        } else {
            node.putNull(field);
        }
    }
}
