package io.stepcast.evaluation.selection;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.evaluation.protocol.Attributes;
import io.stepcast.models.predictor.AbstractPredictor;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Accuracy looked up in a measured table: the mean accuracy of the reference rows whose matching
 * attributes equal the configuration's (for Courier: global batch and tenants, from
 * {@code batch_njobs_means.csv}, where accuracy depends on the batch and hardly on anything else).
 * Used both as the measured accuracy that ranks the oracle and, when a suite names no accuracy
 * estimator, as the accuracy side of Courier's rule, since the paper's accuracy forest is trained on
 * the same table. Configurations with no matching row are not applicable.
 */
public final class AccuracyTable extends AbstractPredictor {
    private final List<String> match;
    private final Map<String, Double> means;

    /**
     * @param reference rows with a measured accuracy
     * @param match     attributes that must be equal (see {@link Attributes#config})
     */
    public AccuracyTable(List<Observation> reference, List<String> match) {
        super(provenanceOf(reference, match));
        this.match = List.copyOf(match);
        Map<String, double[]> sums = new HashMap<>();
        for (Observation o : reference) {
            o.value(Target.ACCURACY).ifPresent(a -> {
                double[] s = sums.computeIfAbsent(key(o.config()), k -> new double[2]);
                s[0] += a;
                s[1]++;
            });
        }
        this.means = sums.entrySet().stream().collect(Collectors.toUnmodifiableMap(Map.Entry::getKey,
                e -> e.getValue()[0] / e.getValue()[1]));
    }

    private static Provenance provenanceOf(List<Observation> reference, List<String> match) {
        TrainingSet ts = TrainingSet.of("accuracy-table", reference);
        return new Provenance("accuracy-table", Map.of("match", String.join(",", match)), ts.id(),
                ts.checksum(), ts.size(), 0, Map.of());
    }

    private String key(Config c) {
        return match.stream().map(m -> m + "=" + Attributes.config(c, m).orElse("?")).collect(Collectors.joining(","));
    }

    @Override
    public Prediction predict(Config config, Target target) {
        if (target != Target.ACCURACY) {
            return Prediction.notApplicable("the accuracy table answers accuracy only");
        }
        Double a = means.get(key(config));
        return a == null ? Prediction.notApplicable("no measured accuracy for " + key(config)) : Prediction.of(a);
    }

    @Override
    public Set<Target> targets() {
        return EnumSet.of(Target.ACCURACY);
    }
}
