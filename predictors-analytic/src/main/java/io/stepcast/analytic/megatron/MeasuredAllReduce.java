package io.stepcast.analytic.megatron;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * NCCL all-reduce times measured inside one node, by the catalog's intra-node link and the number of ranks, which
 * {@link LinkCosts} uses in place of the link's datasheet figures wherever a measurement exists: on NVLink and
 * NVSwitch the achieved bus bandwidth stays well below the datasheet's, and at the few MiB of a tensor-parallel
 * all-reduce NCCL's fixed costs dominate, which the alpha-beta model does not capture. vTrain prices its collectives
 * the same way, from tables of {@code nccl-tests}' {@code all_reduce_perf} (J. Bang et al., "vTrain: A Simulation
 * Framework for Evaluating Cost-Effective and Compute-Optimal Large Language Model Training", MICRO 2024, section
 * 4.2).
 * <p>
 * The embedded table {@code nccl-allreduce.tsv} samples vTrain's published tables (A100 on NVSwitch, V100 on
 * NVLink, 2 to 8 GPUs, 1 MiB to 1 GiB; its header cites the commit). Between two measured sizes the time is
 * interpolated linearly in the size; below the smallest the smallest size's time holds (the latency-bound regime,
 * where the time hardly falls with the size); above the largest the last bus bandwidth holds (time proportional to
 * the size). Immutable.
 */
final class MeasuredAllReduce {
    /** The table embedded with the predictors. */
    static final MeasuredAllReduce EMBEDDED = load("nccl-allreduce.tsv");

    private final Map<String, Map<Integer, double[][]>> byLink;

    private MeasuredAllReduce(Map<String, Map<Integer, double[][]>> byLink) {
        this.byLink = byLink;
    }

    /** True when the table measures {@code ranks} GPUs on {@code link}. */
    boolean covers(String link, int ranks) {
        return byLink.getOrDefault(link, Map.of()).containsKey(ranks);
    }

    /** Seconds of an all-reduce of {@code bytes} over {@code ranks} GPUs of one node on {@code link}, or empty. */
    OptionalDouble seconds(String link, int ranks, double bytes) {
        double[][] curve = byLink.getOrDefault(link, Map.of()).get(ranks);
        if (curve == null) {
            return OptionalDouble.empty();
        }
        double[] size = curve[0];
        double[] time = curve[1];
        int last = size.length - 1;
        if (bytes <= size[0]) {
            return OptionalDouble.of(time[0]);
        }
        if (bytes >= size[last]) {
            return OptionalDouble.of(time[last] * bytes / size[last]);
        }
        int i = 1;
        while (size[i] < bytes) {
            i++;
        }
        double w = (bytes - size[i - 1]) / (size[i] - size[i - 1]);
        return OptionalDouble.of(time[i - 1] + w * (time[i] - time[i - 1]));
    }

    static MeasuredAllReduce load(String resource) {
        try (InputStream in = MeasuredAllReduce.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return parse(resource, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(resource + ": " + e.getMessage(), e);
        }
    }

    private static MeasuredAllReduce parse(String name, BufferedReader reader) throws IOException {
        Map<String, Map<Integer, List<double[]>>> rows = new HashMap<>();
        String line;
        int number = 0;
        while ((line = reader.readLine()) != null) {
            number++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length != 4) {
                throw new IllegalStateException(name + " line " + number + ": 4 tab-separated fields expected");
            }
            double bytes = Double.parseDouble(f[2]);
            double seconds = Double.parseDouble(f[3]);
            if (!(bytes > 0) || !(seconds > 0)) {
                throw new IllegalStateException(name + " line " + number + ": bytes and seconds must be positive");
            }
            rows.computeIfAbsent(f[0], k -> new HashMap<>()).computeIfAbsent(Integer.parseInt(f[1]),
                    k -> new ArrayList<>()).add(new double[] {bytes, seconds});
        }
        Map<String, Map<Integer, double[][]>> byLink = new HashMap<>();
        rows.forEach((link, byRanks) -> byRanks.forEach((ranks, points) -> {
            points.sort((a, b) -> Double.compare(a[0], b[0]));
            double[][] curve = new double[2][points.size()];
            for (int i = 0; i < points.size(); i++) {
                curve[0][i] = points.get(i)[0];
                curve[1][i] = points.get(i)[1];
            }
            byLink.computeIfAbsent(link, k -> new HashMap<>()).put(ranks, curve);
        }));
        return new MeasuredAllReduce(Map.copyOf(byLink));
    }
}
