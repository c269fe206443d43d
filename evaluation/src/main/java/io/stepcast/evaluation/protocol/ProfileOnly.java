package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Protocol;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.profile.Profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Profile-only prediction (Li, Yan, Paolieri, Golubchik, ICPE 2020): fit on the single-worker rows alone
 * and predict every multi-worker row. When a {@link ProfileSource} is given, each single-worker row with a
 * measured step time also yields a profile synthesised from the model zoo and that step time
 * (docs/methods.md section 1, "when no op-level trace exists"), put into {@link TrainingSet#profiles()}; models
 * the zoo does not know simply get no profile. Profiles are made from training rows only, so nothing of
 * the test side leaks into them.
 *
 * <p>{@code profile-only:ATTRIBUTE[,ATTRIBUTE...]} predicts a multi-worker row only from the single-worker rows
 * measured in the same setup, those that agree with it on every named attribute (a configuration field or a tag,
 * {@link Attributes}): one split per setup, in the order the setups first appear. The single worker is then
 * measured as the paper profiles it, with the input pipeline and software of the job it stands for; the
 * TensorFlow benchmark table, for example, measured every job with synthetic and with real input data
 * (tag {@code data}) and on two platforms (tag {@code platform}), and a job's 1-GPU step differs between them.
 * Multi-worker rows of a setup that has no single-worker row get a split with an empty training side, so every
 * predictor refuses them with the setup named.
 */
public final class ProfileOnly implements Protocol {
    private final Optional<ProfileSource> profiles;
    private final List<String> sameSetup;

    /** @param profiles where synthesised profiles come from, or empty for observations only */
    public ProfileOnly(Optional<ProfileSource> profiles) {
        this(profiles, List.of());
    }

    /**
     * @param profiles  where synthesised profiles come from, or empty for observations only
     * @param sameSetup attributes a single-worker row must share with the rows it predicts (none: every row)
     */
    public ProfileOnly(Optional<ProfileSource> profiles, List<String> sameSetup) {
        this.profiles = profiles;
        this.sameSetup = List.copyOf(sameSetup);
        if (this.sameSetup.stream().anyMatch(a -> a.isBlank())) {
            throw new IllegalArgumentException("protocol 'profile-only:" + String.join(",", sameSetup)
                    + "': an attribute name is empty");
        }
    }

    @Override
    public String name() {
        return sameSetup.isEmpty() ? "profile-only" : "profile-only:" + String.join(",", sameSetup);
    }

    @Override
    public List<Split> splits(String datasetId, List<Observation> data) {
        Attributes.requirePresent(name(), datasetId, data, sameSetup);
        Map<String, List<Observation>> setups = new LinkedHashMap<>();
        for (Observation o : data) {
            setups.computeIfAbsent(setup(o), k -> new ArrayList<>()).add(o);
        }
        if (data.stream().noneMatch(o -> o.config().workers() == 1)) {
            return List.of();
        }
        List<Split> splits = new ArrayList<>();
        for (Map.Entry<String, List<Observation>> s : setups.entrySet()) {
            List<Observation> train = s.getValue().stream().filter(o -> o.config().workers() == 1).toList();
            List<Observation> test = s.getValue().stream().filter(o -> o.config().workers() > 1).toList();
            if (test.isEmpty()) {
                continue;
            }
            // A setup without a single-worker row keeps its split with an empty training side, so its rows are
            // reported as refused (nothing to fit) rather than silently left out.
            String id = "1-worker->multi-worker" + (s.getKey().isEmpty() ? "" : " [" + s.getKey() + "]");
            String trainingId = datasetId + "/" + name() + (s.getKey().isEmpty() ? "" : "/" + s.getKey());
            splits.add(new Split(id, new TrainingSet(trainingId, train, synthesise(train)), test));
        }
        return splits;
    }

    private String setup(Observation o) {
        return sameSetup.stream().map(a -> a + "=" + Attributes.value(o, a).orElse("-"))
                .collect(Collectors.joining(", "));
    }

    private List<Profile> synthesise(List<Observation> train) {
        return profiles.map(zoo -> ZooProfiles.of(train, zoo)).orElse(List.of());
    }
}
