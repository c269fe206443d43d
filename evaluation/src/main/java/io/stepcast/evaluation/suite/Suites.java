package io.stepcast.evaluation.suite;

import io.stepcast.api.EditDistance;
import io.stepcast.api.selection.SelectorFactory;
import io.stepcast.datasets.importers.TfCpuRecordings;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Loads suites: a built-in one by name (from the class path, {@code /suites/<name>.yaml}) or a JSON or
 * YAML file. Unknown keys are refused, so a typo fails with the file, line and key in the message.
 */
public final class Suites {
    /** The built-in suites, in the order the README lists them. */
    public static final List<String> BUILT_IN = List.of("default", "paper-courier", "paper-tf-async",
            "pollux-extrapolation", "gavel-cross-hardware", "gavel-isolated", "gavel-colocated", "batch-slo",
            "nccl-allreduce", "llm-megatron", "foreign-tables", "foreign-multinode",
            TfCpuRecordings.SOURCE, KinetoProfilesReproduction.NAME);

    private Suites() {
    }

    /**
     * {@link #load(String)}, with the names its selections give checked against the registered selectors
     * ({@link #check}).
     */
    public static Suite load(String nameOrFile, Map<String, SelectorFactory> selectors) throws IOException {
        Suite suite = load(nameOrFile);
        check(suite, where(nameOrFile), selectors);
        return suite;
    }

    /**
     * Checks that every selector a selection names is registered and takes the settings given, so that a wrong
     * name fails when the suite is read rather than after the suite's first fits.
     *
     * @param where      the file (or resource) the suite was read from, for the message
     * @param selectors  the registry's selectors by name
     * @throws IOException in one line: the file, the selection's field and the closest registered names
     */
    public static void check(Suite suite, String where, Map<String, SelectorFactory> selectors) throws IOException {
        List<String> datasets = suite.datasets().stream().map(Suite.DatasetSpec::name).toList();
        for (int i = 0; i < suite.datasets().size(); i++) {
            for (String target : suite.datasets().get(i).targets()) {
                try {
                    io.stepcast.api.Target.parse(target);
                } catch (IllegalArgumentException e) {
                    throw new IOException(where + ": datasets[" + i + "].targets: " + e.getMessage(), e);
                }
            }
        }
        for (int i = 0; i < suite.selection().size(); i++) {
            String dataset = suite.selection().get(i).dataset();
            if (!datasets.contains(dataset)) {
                throw new IOException(where + ": selection[" + i + "].dataset: '" + dataset + "' is not a dataset of "
                        + "the suite (its datasets: " + String.join(", ", datasets) + ")");
            }
            try {
                SelectionRule.of(suite.selection().get(i), selectors);
            } catch (IllegalArgumentException e) {
                throw new IOException(where + ": selection[" + i + "]." + e.getMessage(), e);
            }
        }
    }

    /** A built-in suite when {@code nameOrFile} names one, otherwise the file at that path. */
    public static Suite load(String nameOrFile) throws IOException {
        if (BUILT_IN.contains(nameOrFile)) {
            String resource = where(nameOrFile);
            try (InputStream in = Suites.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IOException("built-in suite " + nameOrFile + " is missing from the jar (" + resource + ")");
                }
                return parse(in, true, resource);
            }
        }
        Path file = Path.of(nameOrFile);
        if (!Files.isRegularFile(file)) {
            throw new IOException(unknown(nameOrFile));
        }
        String lower = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try (InputStream in = Files.newInputStream(file)) {
            return parse(in, !lower.endsWith(".json"), file.toString());
        }
    }

    /** Where a suite is read from: its resource for a built-in name, otherwise the path as given. */
    private static String where(String nameOrFile) {
        return BUILT_IN.contains(nameOrFile) ? "/suites/" + nameOrFile + ".yaml" : Path.of(nameOrFile).toString();
    }

    /** Whether {@code nameOrFile} names a built-in suite or an existing file. */
    public static boolean exists(String nameOrFile) {
        return BUILT_IN.contains(nameOrFile) || Files.isRegularFile(Path.of(nameOrFile));
    }

    /** The message for a name that is neither a built-in suite nor a file: the closest built-in names first. */
    public static String unknown(String nameOrFile) {
        Set<String> close = new LinkedHashSet<>(EditDistance.closest(nameOrFile, BUILT_IN, 3));
        BUILT_IN.stream().filter(b -> b.contains(nameOrFile) || nameOrFile.contains(b)).forEach(close::add);
        String hint = close.isEmpty() ? "" : "did you mean " + String.join(" or ", close.stream().limit(3).toList()) + "? ";
        return "no suite named '" + nameOrFile + "' and no such file (" + hint + "built-in: "
                + String.join(", ", BUILT_IN) + ")";
    }

    /** Parses a suite; {@code where} names the input in error messages. */
    public static Suite parse(InputStream in, boolean yaml, String where) throws IOException {
        ObjectMapper mapper = (yaml ? new ObjectMapper(new YAMLFactory()) : new ObjectMapper())
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        try {
            return mapper.readValue(in, Suite.class);
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof JsonProcessingException syntax && !(syntax instanceof JsonMappingException)) {
                throw new IOException(where + ", " + ParseErrors.oneLine(syntax), e);
            }
            String line = e.getLocation() == null ? "" : ", near line " + e.getLocation().getLineNr();
            String cause;
            if (e instanceof UnrecognizedPropertyException u) {
                cause = "unknown key '" + u.getPropertyName() + "' at " + ParseErrors.path(e) + " (known: "
                        + String.join(", ", u.getKnownPropertyIds().stream().map(Object::toString).sorted().toList()) + ")";
            } else if (e.getCause() instanceof IllegalArgumentException iae) {
                cause = iae.getMessage();
            } else if (e instanceof MismatchedInputException m) {
                cause = ParseErrors.mismatch(m);
            } else {
                cause = e.getOriginalMessage();
            }
            throw new IOException(where + line + ": " + firstLine(cause), e);
        } catch (JsonProcessingException e) {
            throw new IOException(where + ", " + ParseErrors.oneLine(e), e);
        } catch (IOException e) {
            throw new IOException(where + ": " + firstLine(e.getMessage()), e);
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "invalid suite";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
