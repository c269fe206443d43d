package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Protocol;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.profile.Profile;

import java.util.List;
import java.util.Optional;

/**
 * Profile-only prediction (Li, Yan, Paolieri, Golubchik, ICPE 2020): fit on the single-worker rows alone
 * and predict every multi-worker row. When a {@link ProfileSource} is given, each single-worker row with a
 * measured step time also yields a profile synthesised from the model zoo and that step time
 * (methods.md section 1, "when no op-level trace exists"), put into {@link TrainingSet#profiles()}; models
 * the zoo does not know simply get no profile. Profiles are made from training rows only, so nothing of
 * the test side leaks into them.
 */
public final class ProfileOnly implements Protocol {
    private final Optional<ProfileSource> profiles;

    /** @param profiles where synthesised profiles come from, or empty for observations only */
    public ProfileOnly(Optional<ProfileSource> profiles) {
        this.profiles = profiles;
    }

    @Override
    public String name() {
        return "profile-only";
    }

    @Override
    public List<Split> splits(String datasetId, List<Observation> data) {
        List<Observation> train = data.stream().filter(o -> o.config().workers() == 1).toList();
        List<Observation> test = data.stream().filter(o -> o.config().workers() > 1).toList();
        if (train.isEmpty() || test.isEmpty()) {
            return List.of();
        }
        return List.of(new Split("1-worker->multi-worker",
                new TrainingSet(datasetId + "/" + name(), train, synthesise(train)), test));
    }

    private List<Profile> synthesise(List<Observation> train) {
        return profiles.map(zoo -> ZooProfiles.of(train, zoo)).orElse(List.of());
    }
}
