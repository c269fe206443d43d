package io.stepcast.datasets.inspect;

import java.util.Arrays;

/**
 * A growable list of time intervals with the two measures the profile summary needs: the length of their union
 * (time a lane class was busy, overlaps counted once) and the length of the part of their union that another
 * list's union does not cover (communication not hidden behind compute). Not thread-safe.
 */
public final class Intervals {
    private double[] starts = new double[16];
    private double[] ends = new double[16];
    private int size;

    public void add(double start, double end) {
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
            ends = Arrays.copyOf(ends, size * 2);
        }
        starts[size] = start;
        ends[size] = end;
        size++;
    }

    public int size() {
        return size;
    }

    /** The union as disjoint, sorted intervals: {@code [s0, e0, s1, e1, ...]}. */
    public double[] union() {
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(starts[a], starts[b]));
        double[] out = new double[2 * size];
        int n = 0;
        for (int k = 0; k < size; k++) {
            int i = order[k];
            if (n > 0 && starts[i] <= out[n - 1]) {
                out[n - 1] = Math.max(out[n - 1], ends[i]);
            } else {
                out[n++] = starts[i];
                out[n++] = ends[i];
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Length of a union from {@link #union()}. */
    public static double length(double[] union) {
        double sum = 0;
        for (int i = 0; i < union.length; i += 2) {
            sum += union[i + 1] - union[i];
        }
        return sum;
    }

    /** Length of {@code a} not covered by {@code b} (both unions from {@link #union()}). */
    public static double uncovered(double[] a, double[] b) {
        double covered = 0;
        int j = 0;
        for (int i = 0; i < a.length; i += 2) {
            while (j < b.length && b[j + 1] <= a[i]) {
                j += 2;
            }
            for (int k = j; k < b.length && b[k] < a[i + 1]; k += 2) {
                covered += Math.min(a[i + 1], b[k + 1]) - Math.max(a[i], b[k]);
            }
        }
        return length(a) - covered;
    }
}
