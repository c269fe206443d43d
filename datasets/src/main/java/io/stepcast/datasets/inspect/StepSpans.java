package io.stepcast.datasets.inspect;

import java.util.Arrays;

/**
 * The spans of a trace's steps, sorted by start, and which step holds a given time (binary search). Steps do not
 * overlap. Immutable.
 */
public final class StepSpans {
    private final double[] starts;
    private final double[] ends;

    private StepSpans(double[] starts, double[] ends) {
        this.starts = starts;
        this.ends = ends;
    }

    /** Spans given by their starts and ends, in any order; sorted here. */
    public static StepSpans of(double[] starts, double[] ends) {
        Integer[] order = new Integer[starts.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(starts[a], starts[b]));
        double[] s = new double[starts.length];
        double[] e = new double[starts.length];
        for (int i = 0; i < order.length; i++) {
            s[i] = starts[order[i]];
            e[i] = ends[order[i]];
        }
        return new StepSpans(s, e);
    }

    /** The index of the step whose span holds {@code t}, or -1. */
    public int indexOf(double t) {
        int i = Arrays.binarySearch(starts, t);
        if (i < 0) {
            i = -i - 2;
        }
        while (i > 0 && starts[i - 1] == t) {
            i--;
        }
        return i >= 0 && t <= ends[i] ? i : -1;
    }

    public int size() {
        return starts.length;
    }
}
