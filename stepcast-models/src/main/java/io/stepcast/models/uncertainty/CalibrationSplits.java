package io.stepcast.models.uncertainty;

import io.stepcast.api.Observation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * The seeded split of a training side into a proper training part and a calibration part, for split
 * conformal prediction. By job (a configuration up to its batch size) the distinct jobs are sorted, shuffled
 * with the seed and the first share of them calibrate; with a single job, or by row, the rows themselves are
 * shuffled. The same data and seed give the same split in every run, whatever the thread.
 */
final class CalibrationSplits {
    private CalibrationSplits() {
    }

    static SplitConformalEstimator.CalibrationSplit split(List<Observation> all, double share, long seed,
                                                          boolean byJob) {
        Set<String> jobs = new TreeSet<>();
        if (byJob) {
            all.forEach(o -> jobs.add(job(o)));
        }
        Random random = new Random(seed);
        List<Observation> proper = new ArrayList<>();
        List<Observation> calibration = new ArrayList<>();
        if (jobs.size() >= 2) {
            List<String> order = new ArrayList<>(jobs);
            Collections.shuffle(order, random);
            int k = Math.max(1, Math.min(order.size() - 1, (int) Math.round(share * order.size())));
            Set<String> calibrating = new HashSet<>(order.subList(0, k));
            for (Observation o : all) {
                (calibrating.contains(job(o)) ? calibration : proper).add(o);
            }
        } else if (all.size() >= 2) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                order.add(i);
            }
            Collections.shuffle(order, random);
            int k = Math.max(1, Math.min(all.size() - 1, (int) Math.round(share * all.size())));
            Set<Integer> calibrating = new HashSet<>(order.subList(0, k));
            for (int i = 0; i < all.size(); i++) {
                (calibrating.contains(i) ? calibration : proper).add(all.get(i));
            }
        } else {
            proper.addAll(all);
        }
        return new SplitConformalEstimator.CalibrationSplit(List.copyOf(proper), List.copyOf(calibration));
    }

    /** The observations dealt into {@code k} seeded folds, by job when there are at least {@code k} jobs. */
    static List<List<Observation>> folds(List<Observation> all, int k, long seed, boolean byJob) {
        Set<String> jobs = new TreeSet<>();
        if (byJob) {
            all.forEach(o -> jobs.add(job(o)));
        }
        Random random = new Random(seed);
        List<List<Observation>> out = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            out.add(new ArrayList<>());
        }
        if (jobs.size() >= k) {
            List<String> order = new ArrayList<>(jobs);
            Collections.shuffle(order, random);
            Map<String, Integer> fold = new HashMap<>();
            for (int i = 0; i < order.size(); i++) {
                fold.put(order.get(i), i % k);
            }
            all.forEach(o -> out.get(fold.get(job(o))).add(o));
        } else {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                order.add(i);
            }
            Collections.shuffle(order, random);
            for (int i = 0; i < order.size(); i++) {
                out.get(i % k).add(all.get(order.get(i)));
            }
        }
        return out;
    }

    /** A job: the configuration with its batch size blanked, and where it was measured. */
    static String job(Observation o) {
        return o.config().batchBlanked() + '|' + o.source();
    }
}
