package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Protocol;
import io.stepcast.api.evaluation.ProtocolFactory;
import io.stepcast.api.plugin.ProfileSource;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the protocol names used in suites:
 * <ul>
 *   <li>{@code kfold:K} or {@code kfold:K:ATTRIBUTE} (grouped), seed {@value #DEFAULT_SEED} unless
 *       {@code kfold:K:ATTRIBUTE:seed=N};</li>
 *   <li>{@code logo:ATTRIBUTE} (leave one group out);</li>
 *   <li>{@code extrapolation:ATTRIBUTE<=VALUE};</li>
 *   <li>{@code cross-hardware} or {@code cross-hardware:TYPE}, optionally followed by
 *       {@code +single-worker};</li>
 *   <li>{@code profile-only} or {@code profile-only:ATTRIBUTE[,ATTRIBUTE...]} (each multi-worker row predicted from
 *       the single-worker rows that share those attributes with it);</li>
 *   <li>{@code holdout:ATTRIBUTE=VALUE[,VALUE...]} (fit where it equals a VALUE, test on the rest) and
 *       {@code train-test} (the {@code side} tag set by {@code evaluate --train/--test}).</li>
 * </ul>
 */
public final class Protocols {
    /** Seed of k-fold shuffling when the suite names none. */
    public static final long DEFAULT_SEED = 42L;
    private static final Pattern KFOLD = Pattern.compile("kfold:(\\d+)(?::([A-Za-z_\\-]+))?(?::seed=(-?\\d+))?");
    private static final Pattern EXTRAPOLATION = Pattern.compile("extrapolation:([A-Za-z_\\-]+)\\s*<=\\s*([0-9.]+)");

    /** Names of the built-in protocols (the leading word of their specs). */
    public static final List<String> BUILT_IN = List.of("kfold", "logo", "extrapolation", "cross-hardware",
            "profile-only", "holdout", "train-test");
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_\\-]*");

    private Protocols() {
    }

    /** The protocol's name: the leading word of its spec ({@code kfold} for {@code kfold:5:job}). */
    public static String name(String spec) {
        Matcher m = NAME.matcher(spec.trim());
        return m.lookingAt() ? m.group() : spec.trim();
    }

    /**
     * The protocol named by {@code spec}, made by the factory registered under its name: the built-in ones by
     * {@link io.stepcast.evaluation.EvaluationPlugin}, others by their plugins.
     *
     * @throws IllegalArgumentException naming the spec and the registered protocols when none has its name, or
     *                                  from the factory when it does not understand the spec
     */
    public static Protocol resolve(String spec, Map<String, ProtocolFactory> registered, Optional<ProfileSource> zoo) {
        ProtocolFactory f = registered.get(name(spec));
        if (f == null) {
            throw new IllegalArgumentException("unknown protocol '" + spec + "' (registered: "
                    + String.join(", ", new TreeSet<>(registered.keySet())) + ")");
        }
        return f.create(spec.trim(), zoo);
    }

    /**
     * The protocol named by {@code spec}.
     *
     * @param profiles used by {@code profile-only} to synthesise zoo profiles
     * @throws IllegalArgumentException naming the spec and the accepted forms when it is not understood
     */
    public static Protocol parse(String spec, Optional<ProfileSource> profiles) {
        String s = spec.trim();
        Matcher m = KFOLD.matcher(s);
        if (m.matches()) {
            long seed = m.group(3) == null ? DEFAULT_SEED : Long.parseLong(m.group(3));
            return new KFold(Integer.parseInt(m.group(1)), seed, Optional.ofNullable(m.group(2)));
        }
        m = EXTRAPOLATION.matcher(s);
        if (m.matches()) {
            return new Extrapolation(m.group(1), Double.parseDouble(m.group(2)));
        }
        if (s.startsWith("logo:") && s.length() > 5) {
            return new LeaveOneGroupOut(s.substring(5));
        }
        if (s.startsWith("cross-hardware")) {
            boolean single = s.endsWith("+single-worker");
            String rest = s.substring("cross-hardware".length(), s.length() - (single ? "+single-worker".length() : 0));
            if (rest.isEmpty()) {
                return new CrossHardware(Optional.empty(), single);
            }
            if (rest.startsWith(":") && rest.length() > 1) {
                return new CrossHardware(Optional.of(rest.substring(1)), single);
            }
        }
        if (s.equals("train-test")) {
            return new TrainTest("side", "train", "test");
        }
        if (s.startsWith("holdout:") && s.indexOf('=') > 8) {
            int eq = s.indexOf('=');
            return new TrainTest(s.substring(8, eq), s.substring(eq + 1), null);
        }
        if (s.equals("profile-only")) {
            return new ProfileOnly(profiles);
        }
        if (s.startsWith("profile-only:") && s.length() > "profile-only:".length()) {
            return new ProfileOnly(profiles, Arrays.stream(s.substring("profile-only:".length()).split(","))
                    .map(String::trim).toList());
        }
        throw new IllegalArgumentException("unknown protocol '" + spec + "' (expected kfold:K[:attribute], "
                + "logo:attribute, extrapolation:attribute<=value, cross-hardware[:type][+single-worker], profile-only[:attribute,...], holdout:attribute=value or train-test)");
    }
}
