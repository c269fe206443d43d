package io.stepcast.datasets.inspect;


import java.util.List;

/**
 * The activity of one step as a summariser collects it: its span, its compute intervals and its communication
 * intervals; {@link #summary} turns a list of them into a {@link ProfileSummary}. Not thread-safe.
 */
public final class StepIntervals {
    private final Intervals compute = new Intervals();
    private final Intervals communication = new Intervals();
    private double start = Double.POSITIVE_INFINITY;
    private double end = Double.NEGATIVE_INFINITY;

    /** Widens the step's span to cover {@code [s, e]}. */
    public void span(double s, double e) {
        start = Math.min(start, s);
        end = Math.max(end, e);
    }

    /** Sets the step's span (a step annotation). */
    public void fixedSpan(double s, double e) {
        start = s;
        end = e;
    }

    public boolean hasSpan() {
        return end > start;
    }

    public Intervals compute() {
        return compute;
    }

    public Intervals communication() {
        return communication;
    }

    /** The summary of {@code steps} (times in microseconds) for a trace of {@code format}, without collectives. */
    public static ProfileSummary summary(String format, List<StepIntervals> steps, String device, int worldSize) {
        return summary(format, steps, device, worldSize, List.of());
    }

    /** The summary of {@code steps} (times in microseconds), with the collectives per step. */
    public static ProfileSummary summary(String format, List<StepIntervals> steps, String device, int worldSize,
                                         List<ProfileSummary.CollectiveCount> collectives) {
        int n = steps.size();
        if (n == 0) {
            throw new IllegalArgumentException("no step with events of positive length");
        }
        double compute = 0;
        double comm = 0;
        double exposed = 0;
        for (StepIntervals s : steps) {
            double[] cu = s.compute.union();
            double[] mu = s.communication.union();
            compute += Intervals.length(cu);
            comm += Intervals.length(mu);
            exposed += Intervals.uncovered(mu, cu);
        }
        List<Double> times = steps.stream().map(s -> (s.end - s.start) / 1e6).toList();
        return new ProfileSummary(format, times, compute / n / 1e6, comm / n / 1e6, exposed / n / 1e6, collectives,
                device, worldSize);
    }
}
