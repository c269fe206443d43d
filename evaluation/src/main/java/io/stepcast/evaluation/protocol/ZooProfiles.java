package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Split;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.ProfiledRank;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Profiles synthesised from the model zoo for the single-worker rows of a training side (docs/methods.md
 * section 1: "when no op-level trace exists, build the profile from the model ... scaled to the measured
 * single-worker step time"). Only training rows are used, so nothing of a test side leaks into them.
 */
public final class ZooProfiles {
    private ZooProfiles() {
    }

    /**
     * One profile per (model, local batch, hardware, precision) of the single-worker rows with a measured step time,
     * recorded on the row's hardware label (so that rows of several machines are each predicted from their own;
     * rows of several precisions, from their own step time); models the zoo does not know get none. Replicated rows
     * (real and synthetic input data) use the first row's step time. A row that states parameter bytes other than
     * the zoo's model has (column {@code parameter_bytes}) gets none either: the row names another variant of the
     * model (NVIDIA's ML-20m NCF beside Pollux's), whose gradients the zoo's tensors would replace, and predictors
     * start from the row and its stated bytes as they do for a model the zoo does not know.
     */
    public static List<Profile> of(List<Observation> training, ProfileSource zoo) {
        Map<String, Profile> byKey = new LinkedHashMap<>();
        for (Observation o : training) {
            OptionalDouble step = o.value(Target.STEP_TIME);
            String hardware = o.config().deployment().hardware();
            String key = o.config().model() + '@' + o.config().localBatch() + '@'
                    + hardware.toLowerCase(java.util.Locale.ROOT) + '%' + o.config().precisionTag();
            if (o.config().workers() != 1 || step.isEmpty() || byKey.containsKey(key)) {
                continue;
            }
            try {
                Profile p = named(o.config().model(),
                        zoo.synthesise(o.config().model(), o.config().localBatch(), step.getAsDouble()));
                if (statesOtherBytes(o, p)) {
                    continue;
                }
                byKey.put(key, p.withRank(new ProfiledRank(0, 1, hardware)));
            } catch (IllegalArgumentException notInZoo) {
                // The zoo does not know the model: profile-driven estimators will say they cannot fit it.
            }
        }
        return new ArrayList<>(byKey.values());
    }

    private static boolean statesOtherBytes(Observation o, Profile zooProfile) {
        OptionalLong stated = o.config().workload().parameterBytes();
        return stated.isPresent() && stated.getAsLong() != zooProfile.parameterBytes();
    }

    /**
     * The profile under the observations' name of its model: the zoo names a profile by the model's canonical name
     * ({@code BERT-base} for Pollux's {@code bert}, {@code LSTM-LM} for Gavel's {@code LM}), and predictors find a
     * profile by the name in the rows they are asked about.
     */
    static Profile named(String model, Profile p) {
        if (ModelNames.key(p.model()).equals(ModelNames.key(model))) {
            return p;
        }
        return p.withModel(model);
    }

    /** The split with zoo profiles of its training side, unless it already has profiles. */
    public static Split attach(Split split, ProfileSource zoo) {
        TrainingSet t = split.training();
        if (!t.profiles().isEmpty()) {
            return split;
        }
        List<Profile> profiles = of(t.observations(), zoo);
        return profiles.isEmpty() ? split
                : new Split(split.id(), new TrainingSet(t.id(), t.observations(), profiles), split.test());
    }
}
