package io.stepcast.datasets.timeline;

import io.stepcast.datasets.inspect.ProfileSummary;
import io.stepcast.datasets.inspect.StepIntervals;
import io.stepcast.datasets.trace.OpCategory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Summarises a TensorFlow 1.x timeline (format {@value #FORMAT}) for {@code profile inspect}: the steps the
 * {@link TimelineImporter} finds (one {@code session.run} is one step), each step's time the span from its first
 * op's start to its last op's end over host and GPU lanes, compute the union of compute ops, communication the
 * union of parameter receives and gradient sends. Thread-safe (no state between calls).
 */
public final class TimelineSummariser {
    /** The format's name. */
    public static final String FORMAT = "tf-timeline";

    private static final Pattern LEGACY_DEVICE = Pattern.compile("/(gpu|cpu):\\d");

    /** Summarises {@code file}. */
    public ProfileSummary summarise(Path file) throws IOException {
        List<StepIntervals> steps = new ArrayList<>();
        String[] device = {null};
        new TimelineImporter().stream(file, e -> {
            while (steps.size() <= e.step()) {
                steps.add(new StepIntervals());
            }
            StepIntervals s = steps.get(e.step());
            s.span(e.startUs(), e.endUs());
            if (e.category() == OpCategory.COMPUTE) {
                s.compute().add(e.startUs(), e.endUs());
            } else if (e.category() == OpCategory.RECEIVE || e.category() == OpCategory.SEND) {
                s.communication().add(e.startUs(), e.endUs());
            }
            if (e.device() != null && (device[0] == null || !gpu(device[0]) && gpu(e.device()))) {
                device[0] = deviceOf(e.device());
            }
        });
        steps.removeIf(s -> !s.hasSpan());
        return StepIntervals.summary(FORMAT, steps, device[0], 1);
    }

    private static boolean gpu(String process) {
        return process.contains("GPU") || process.contains("/gpu:");
    }

    /**
     * {@code /device:GPU:0} of a process name such as {@code /job:localhost/replica:0/task:0/device:GPU:0 Compute};
     * {@code /gpu:0} of the older {@code /job:localhost/replica:0/task:0/gpu:0 Compute} (TensorFlow before 1.4).
     */
    static String deviceOf(String process) {
        int d = process.indexOf("/device:");
        if (d < 0) {
            Matcher legacy = LEGACY_DEVICE.matcher(process);
            d = legacy.find() ? legacy.start() : -1;
        }
        String s = d >= 0 ? process.substring(d) : process;
        int slash = s.indexOf('/', 1);
        int space = s.indexOf(' ');
        int cut = s.length();
        if (slash > 0) {
            cut = Math.min(cut, slash);
        }
        if (space > 0) {
            cut = Math.min(cut, space);
        }
        return s.substring(0, cut);
    }
}
