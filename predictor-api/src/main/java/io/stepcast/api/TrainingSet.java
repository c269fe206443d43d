package io.stepcast.api;

import io.stepcast.api.profile.Profile;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * What an estimator may learn from: observations and, for the profile-driven methods, op-level
 * single-worker profiles. A protocol builds one per fold; nothing outside it is visible to the fit.
 *
 * @param id           human-readable identity (dataset, protocol, fold)
 * @param observations measured configurations
 * @param profiles     single-worker op-level profiles, possibly empty
 */
public record TrainingSet(String id, List<Observation> observations, List<Profile> profiles) {
    public TrainingSet {
        Validate.text(id, "training set id");
        observations = List.copyOf(Objects.requireNonNull(observations, "observations"));
        profiles = List.copyOf(Objects.requireNonNullElse(profiles, List.of()));
    }

    /** A training set of observations only. */
    public static TrainingSet of(String id, List<Observation> observations) {
        return new TrainingSet(id, observations, List.of());
    }

    /** Number of observations. */
    public int size() {
        return observations.size();
    }

    /** The observations that have a measured value for the target. */
    public List<Observation> withTarget(Target target) {
        return observations.stream().filter(o -> o.value(target).isPresent()).toList();
    }

    /** A training set restricted to the observations that pass the filter (profiles kept). */
    public TrainingSet filter(String newId, Predicate<Observation> keep) {
        return new TrainingSet(newId, observations.stream().filter(keep).toList(), profiles);
    }

    /**
     * The profile of a model at a local batch: exact batch first, else the profile of that model with
     * the nearest batch. Model names compare by {@link ModelNames#key}.
     */
    public Optional<Profile> profile(String model, int localBatch) {
        String key = ModelNames.key(model);
        return profiles.stream()
                .filter(p -> ModelNames.key(p.model()).equals(key))
                .min((a, b) -> Integer.compare(Math.abs(a.localBatch() - localBatch),
                        Math.abs(b.localBatch() - localBatch)));
    }

    /**
     * SHA-256 over a canonical text of the observations and profile identities: the same data gives
     * the same checksum in every run, whatever the order of tags.
     */
    public String checksum() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Observation o : observations) {
                sha.update(canonical(o).getBytes(StandardCharsets.UTF_8));
            }
            for (Profile p : profiles) {
                String s = p.model() + '|' + p.localBatch() + '|' + p.stepTimeUs() + '|' + p.parameters().size()
                        + '|' + p.ops().size() + '|' + p.origin() + '\n';
                sha.update(s.getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    private static String canonical(Observation o) {
        Map<String, String> tags = new TreeMap<>(o.tags());
        Map<Target, Double> sd = new TreeMap<>(o.measurements().standardDeviations());
        Measurements m = o.measurements();
        return o.config() + "|" + m.stepTimeS() + m.syncTimeS() + m.throughputSamplesPerS() + m.responseTimeS()
                + m.accuracy() + m.utilisation() + m.runs() + sd + "|" + o.source() + "|" + o.replication() + "|"
                + tags + "\n";
    }
}
