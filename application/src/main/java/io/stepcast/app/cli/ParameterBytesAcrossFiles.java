package io.stepcast.app.cli;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The gradient bytes a user states for a model in one of the two files of {@code evaluate --train FILE --test FILE},
 * carried to the rows of the other file that leave {@code parameter_bytes} blank. A model the zoo does not know gets
 * its size only from that column, and a user states it once, where the measurements are; the predictors read it from
 * different sides ({@code mva} and the simulation from the training rows they calibrate on, {@code allreduce-analytic}
 * from the row they predict), so stated on one side only, half of them refused every row. What a row states itself
 * stays; the other file's bytes of the same model at the row's precision come next (FP16 gradients are half the FP32
 * ones), then of the same model when the other file states one figure for it at every precision; a model stated at
 * several figures that do not single one out stays blank, as does a model the other file does not state: the zoo, or
 * the refusal naming the column, decides those as before.
 */
final class ParameterBytesAcrossFiles {
    private ParameterBytesAcrossFiles() {
    }

    /**
     * The rows with their blank {@code parameter_bytes} taken from {@code other}'s rows of the same model.
     *
     * @param rows      one file's rows
     * @param file      that file, as notes name it
     * @param other     the other file's rows
     * @param otherFile the other file, as notes name it
     * @param notes     receives one line per model whose bytes were carried
     */
    static List<Observation> fill(List<Observation> rows, String file, List<Observation> other, String otherFile,
                                  List<String> notes) {
        Map<String, Set<Long>> byModelAndPrecision = stated(other, ParameterBytesAcrossFiles::key);
        Map<String, Set<Long>> byModel = stated(other, c -> ModelNames.key(c.model()));
        Map<String, int[]> carried = new LinkedHashMap<>();
        Map<String, Long> carriedBytes = new LinkedHashMap<>();
        List<Observation> out = new ArrayList<>(rows.size());
        for (Observation o : rows) {
            Config c = o.config();
            Optional<Long> bytes = c.workload().parameterBytes().isPresent() ? Optional.empty()
                    : single(byModelAndPrecision.get(key(c))).or(() -> single(byModel.get(ModelNames.key(c.model()))));
            if (bytes.isEmpty()) {
                out.add(o);
                continue;
            }
            carried.computeIfAbsent(c.model(), k -> new int[1])[0]++;
            carriedBytes.merge(c.model(), bytes.get(), (a, b) -> a.equals(b) ? a : -1L);
            out.add(new Observation(c.toBuilder().parameterBytes(bytes.get()).build(), o.measurements(), o.source(),
                    o.replication(), o.tags()));
        }
        carried.forEach((model, n) -> {
            long b = carriedBytes.get(model);
            notes.add(file + ": parameter_bytes of model " + model + " is blank in " + n[0] + " row(s), taken from "
                    + otherFile + (b >= 0 ? " (" + b + ")" : "") + ", which states it for that model");
        });
        return out;
    }

    /**
     * One line per model (and precision) whose {@code parameter_bytes} the two files state at different figures. Each
     * row keeps its own, so a predictor that calibrates on the training rows and predicts a test row sized otherwise
     * answers for another model than the user meant, or refuses it; the note says so before any answer does.
     *
     * @param train     the training file's rows, as read
     * @param trainFile that file, as the note names it
     * @param test      the test file's rows, as read
     * @param testFile  that file, as the note names it
     */
    static List<String> conflicts(List<Observation> train, String trainFile, List<Observation> test, String testFile) {
        Map<String, Set<Long>> inTrain = stated(train, ParameterBytesAcrossFiles::key);
        Map<String, Set<Long>> inTest = stated(test, ParameterBytesAcrossFiles::key);
        Map<String, String> models = new LinkedHashMap<>();
        test.forEach(o -> models.putIfAbsent(key(o.config()), o.config().model() + precision(o.config())));
        List<String> notes = new ArrayList<>();
        inTest.forEach((key, figures) -> {
            Set<Long> trained = inTrain.get(key);
            if (trained != null && !trained.containsAll(figures)) {
                notes.add(testFile + ": parameter_bytes of model " + models.get(key) + " is " + joined(figures)
                        + " here but " + joined(trained) + " in " + trainFile + "; each row keeps its own figure, so "
                        + "check which one is the model's");
            }
        });
        return notes;
    }

    /**
     * The precision the note names: a stated one by its label, mixed precision too, so that a model's notes at two
     * precisions do not read as the same note twice; nothing for a row that states none.
     */
    private static String precision(Config c) {
        return c.statedPrecision().map(p -> " at " + (p == ParallelLayout.DEFAULT_PRECISION ? "mixed precision"
                : p.label())).orElse("");
    }

    /** The figures the rows state, by {@code key} of their configuration. */
    private static Map<String, Set<Long>> stated(List<Observation> rows, Function<Config, String> key) {
        Map<String, Set<Long>> out = new LinkedHashMap<>();
        for (Observation o : rows) {
            OptionalLong b = o.config().workload().parameterBytes();
            if (b.isPresent()) {
                out.computeIfAbsent(key.apply(o.config()), k -> new LinkedHashSet<>()).add(b.getAsLong());
            }
        }
        return out;
    }

    private static String joined(Set<Long> figures) {
        return figures.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private static Optional<Long> single(Set<Long> values) {
        return values != null && values.size() == 1 ? Optional.of(values.iterator().next()) : Optional.empty();
    }

    private static String key(Config c) {
        return ModelNames.key(c.model()) + "%" + c.precisionTag();
    }
}
