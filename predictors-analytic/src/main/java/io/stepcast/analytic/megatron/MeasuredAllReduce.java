package io.stepcast.analytic.megatron;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.SystemSpec;

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
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeSet;

/**
 * NCCL all-reduce times measured inside one node of a catalogued system, by the number of ranks, which
 * {@link LinkCosts} uses in place of the link's datasheet figures wherever a measurement applies: on NVLink and
 * NVSwitch the achieved bus bandwidth stays well below the datasheet's, and at the few MiB of a tensor-parallel
 * all-reduce NCCL's fixed costs dominate, which the alpha-beta model does not capture. vTrain prices its collectives
 * the same way, from tables of {@code nccl-tests}' {@code all_reduce_perf} (J. Bang et al., "vTrain: A Simulation
 * Framework for Evaluating Cost-Effective and Compute-Optimal Large Language Model Training", MICRO 2024, section
 * 4.2).
 * <p>
 * The embedded table {@code nccl-allreduce.tsv} (written by {@code docs/analysis/sample_nccl_tables.py}) samples
 * vTrain's published tables of its two nodes, the catalog's {@code vtrain-a100} (A100 on NVSwitch) and {@code
 * vtrain-v100} (V100 on the NVLink cube-mesh), 2 to 8 GPUs, 1 MiB to 1 GiB (its header cites the commit). Between two
 * measured sizes the time is interpolated linearly in the size; below the smallest the smallest size's time holds (the
 * latency-bound regime, where the time hardly falls with the size); above the largest the last bus bandwidth holds
 * (time proportional to the size).
 * <p>
 * A measurement carries to another system whose GPUs are joined the same way: the same intra-node topology and the
 * same kind of link ({@link #curveFor}). On the measured link itself (a DGX A100 or a p4d has the vTrain node's
 * NVSwitch gen2) the times are used as measured; on another generation of it (NVSwitch gen3 of an H100 node, NVLink
 * 1.0 of a DGX-1 with P100) NCCL is taken to reach the same fraction of the link's bandwidth with the same fixed
 * costs, so a link k times faster moves k times the bytes in the measured time: {@code t(b) = t_measured(b / k)},
 * with k the ratio of the catalog's per-GPU bandwidths (per-link bandwidth times links per GPU). Immutable.
 */
final class MeasuredAllReduce {
    /** The table embedded with the predictors. */
    static final MeasuredAllReduce EMBEDDED = load("nccl-allreduce.tsv");

    private final Map<String, Map<Integer, double[][]>> bySystem;

    private MeasuredAllReduce(Map<String, Map<Integer, double[][]>> bySystem) {
        this.bySystem = bySystem;
    }

    /** How a system's all-reduces over some ranks read the table: the measured system and the bandwidth ratio. */
    record Curve(String measured, double speedup) {
    }

    /**
     * The measurement that applies to {@code ranks} GPUs of one node of {@code system}, or empty: a measured system
     * of the catalog with the same intra-node topology and the same kind of link, measured at that rank count; the
     * one on the very same link first.
     */
    Optional<Curve> curveFor(HardwareCatalog catalog, SystemSpec system, int ranks) {
        Optional<LinkSpec> link = catalog.intraLink(system);
        if (link.isEmpty()) {
            return Optional.empty();
        }
        Curve best = null;
        for (String name : new TreeSet<>(bySystem.keySet())) {
            Optional<SystemSpec> measured = catalog.system(name);
            Optional<LinkSpec> measuredLink = measured.flatMap(catalog::intraLink);
            if (measuredLink.isEmpty() || !bySystem.get(name).containsKey(ranks)
                    || measured.get().topology() != system.topology() || measuredLink.get().kind() != link.get().kind()) {
                continue;
            }
            double speedup = perGpu(link.get()) / perGpu(measuredLink.get());
            if (measuredLink.get().name().equals(link.get().name())) {
                return Optional.of(new Curve(name, 1));
            }
            if (best == null) {
                best = new Curve(name, speedup);
            }
        }
        return Optional.ofNullable(best);
    }

    private static double perGpu(LinkSpec link) {
        return link.perLinkGBs() * link.linksPerGpu();
    }

    /** Seconds of an all-reduce of {@code bytes} over {@code ranks} GPUs along {@code curve}. */
    double seconds(Curve curve, int ranks, double bytes) {
        return seconds(curve.measured(), ranks, bytes / curve.speedup()).orElseThrow();
    }

    /** Seconds of an all-reduce of {@code bytes} over {@code ranks} GPUs of one node of the measured system, or empty. */
    OptionalDouble seconds(String system, int ranks, double bytes) {
        double[][] curve = bySystem.getOrDefault(system, Map.of()).get(ranks);
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
        Map<String, Map<Integer, double[][]>> bySystem = new HashMap<>();
        rows.forEach((system, byRanks) -> byRanks.forEach((ranks, points) -> {
            points.sort((a, b) -> Double.compare(a[0], b[0]));
            double[][] curve = new double[2][points.size()];
            for (int i = 0; i < points.size(); i++) {
                curve[0][i] = points.get(i)[0];
                curve[1][i] = points.get(i)[1];
            }
            bySystem.computeIfAbsent(system, k -> new HashMap<>()).put(ranks, curve);
        }));
        return new MeasuredAllReduce(Map.copyOf(bySystem));
    }
}
