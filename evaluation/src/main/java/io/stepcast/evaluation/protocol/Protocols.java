package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Protocol;
import io.stepcast.api.evaluation.ProtocolFactory;
import io.stepcast.api.plugin.ProfileSource;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Parses the protocol names used in suites:
 * <ul>
 *   <li>{@code kfold:K} or {@code kfold:K:ATTRIBUTE} (grouped), seed {@value #DEFAULT_SEED} unless
 *       {@code kfold:K:ATTRIBUTE:seed=N};</li>
 *   <li>{@code logo:ATTRIBUTE} (leave one group out);</li>
 *   <li>{@code extrapolation:ATTRIBUTE<=VALUE} or {@code extrapolation:ATTRIBUTE<=VALUE:ATTRIBUTE[,ATTRIBUTE...]}
 *       (within each setup that shares those attributes);</li>
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
    private static final Pattern EXTRAPOLATION =
            Pattern.compile("extrapolation:([A-Za-z_\\-]+)\\s*<=\\s*([0-9.]+)(?::([A-Za-z_\\-]+(?:,[A-Za-z_\\-]+)*))?");

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_\\-]*");

    /** One built-in protocol: its name (the leading word of its specs), its forms, and how a spec is read. */
    private record Form(String name, String syntax,
                        BiFunction<String, Optional<ProfileSource>, Optional<Protocol>> reader) {
        Protocol read(String spec, Optional<ProfileSource> profiles) {
            return reader.apply(spec, profiles).orElseThrow(() -> new IllegalArgumentException(
                    "malformed protocol '" + spec + "' (expected " + syntax + ")"));
        }
    }

    private static final List<Form> FORMS = List.of(
            new Form("kfold", "kfold:K[:attribute][:seed=N]", (s, p) -> kfold(s)),
            new Form("logo", "logo:attribute", (s, p) -> s.startsWith("logo:") && s.length() > 5
                    ? Optional.of(new LeaveOneGroupOut(s.substring(5))) : Optional.empty()),
            new Form("extrapolation", "extrapolation:attribute<=value[:attribute,...]", (s, p) -> extrapolation(s)),
            new Form("cross-hardware", "cross-hardware[:type][+single-worker]", (s, p) -> crossHardware(s)),
            new Form("profile-only", "profile-only[:attribute,...]", Protocols::profileOnly),
            new Form("holdout", "holdout:attribute=value[,value...]", (s, p) -> holdout(s)),
            new Form("train-test", "train-test", (s, p) -> s.equals("train-test")
                    ? Optional.of(new TrainTest("side", "train", "test")) : Optional.empty()));

    private Protocols() {
    }

    /**
     * The built-in protocols by name, each reading its own specs ({@code kfold} reads {@code kfold:5:job}), in
     * the order they are documented above; {@link io.stepcast.evaluation.EvaluationPlugin} registers them.
     */
    public static Map<String, ProtocolFactory> builtIn() {
        Map<String, ProtocolFactory> byName = new LinkedHashMap<>();
        FORMS.forEach(f -> byName.put(f.name(), (spec, profiles) -> f.read(spec.trim(), profiles)));
        return Collections.unmodifiableMap(byName);
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
     * The built-in protocol named by {@code spec}, without a registry (for tests and tools).
     *
     * @param profiles used by {@code profile-only} to synthesise zoo profiles
     * @throws IllegalArgumentException naming the spec and the accepted forms when it is not understood
     */
    public static Protocol parse(String spec, Optional<ProfileSource> profiles) {
        String s = spec.trim();
        return FORMS.stream().filter(f -> f.name().equals(name(s))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown protocol '" + spec + "' (expected "
                        + FORMS.stream().map(Form::syntax).collect(Collectors.joining(", ")) + ")"))
                .read(s, profiles);
    }

    private static Optional<Protocol> kfold(String s) {
        Matcher m = KFOLD.matcher(s);
        if (!m.matches()) {
            return Optional.empty();
        }
        long seed = m.group(3) == null ? DEFAULT_SEED : Long.parseLong(m.group(3));
        return Optional.of(new KFold(Integer.parseInt(m.group(1)), seed, Optional.ofNullable(m.group(2))));
    }

    private static Optional<Protocol> extrapolation(String s) {
        Matcher m = EXTRAPOLATION.matcher(s);
        if (!m.matches()) {
            return Optional.empty();
        }
        List<String> same = m.group(3) == null ? List.of() : List.of(m.group(3).split(","));
        return Optional.of(new Extrapolation(m.group(1), Double.parseDouble(m.group(2)), same));
    }

    private static Optional<Protocol> crossHardware(String s) {
        boolean single = s.endsWith("+single-worker");
        String rest = s.substring("cross-hardware".length(), s.length() - (single ? "+single-worker".length() : 0));
        if (rest.isEmpty()) {
            return Optional.of(new CrossHardware(Optional.empty(), single));
        }
        return rest.startsWith(":") && rest.length() > 1
                ? Optional.of(new CrossHardware(Optional.of(rest.substring(1)), single)) : Optional.empty();
    }

    private static Optional<Protocol> holdout(String s) {
        int eq = s.indexOf('=');
        return s.startsWith("holdout:") && eq > 8
                ? Optional.of(new TrainTest(s.substring(8, eq), s.substring(eq + 1), null)) : Optional.empty();
    }

    private static Optional<Protocol> profileOnly(String s, Optional<ProfileSource> profiles) {
        if (s.equals("profile-only")) {
            return Optional.of(new ProfileOnly(profiles));
        }
        String prefix = "profile-only:";
        return s.startsWith(prefix) && s.length() > prefix.length()
                ? Optional.of(new ProfileOnly(profiles, Arrays.stream(s.substring(prefix.length()).split(","))
                        .map(String::trim).toList()))
                : Optional.empty();
    }
}
