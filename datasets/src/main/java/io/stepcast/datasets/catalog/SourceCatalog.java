package io.stepcast.datasets.catalog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The real data sources stepcast knows (the {@code shared/data} folders), with citation, licence, upstream
 * and the SHA-256 of every file, read from the embedded {@code files.tsv}. Immutable.
 */
public final class SourceCatalog {
    private static final String POLLUX_RAW =
            "https://raw.githubusercontent.com/petuum/adaptdl/c793c7089bd307462686339d29707925c461f9a9/";
    private static final String GAVEL_RAW =
            "https://raw.githubusercontent.com/stanford-futuredata/gavel/c4fa40097339e9608ab71fd64c8bdea96a5e4a4c/";

    private final Map<String, DataSource> sources;

    /** The catalog embedded in this stepcast. */
    public SourceCatalog() {
        Map<String, List<SourceFile>> files = readFiles();
        Map<String, DataSource> m = new LinkedHashMap<>();
        m.put("pollux", new DataSource("pollux",
                "PyTorch all-reduce step times on AWS g4dn.12xlarge (T4), 6 models, placements up to 16 nodes / 64 GPUs",
                "A. Qiao, S. K. Choe, S. J. Subramanya, W. Neiswanger, Q. Ho, H. Zhang, G. R. Ganger, E. P. Xing, "
                        + "\"Pollux: Co-adaptive Cluster Scheduling for Goodput-Optimized Deep Learning\", OSDI 2021",
                "Apache-2.0", "https://github.com/petuum/adaptdl (branch osdi21-artifact, simulator/traces/, commit "
                        + "c793c7089bd307462686339d29707925c461f9a9)", false, files.getOrDefault("pollux", List.of())));
        m.put("gavel", new DataSource("gavel",
                "Steps/s of 26 job types on K80, P100, V100 at 1-8 GPUs, packed and spread, alone and in pairs",
                "D. Narayanan, K. Santhanam, F. Kazhamiaka, A. Phanishayee, M. Zaharia, \"Heterogeneity-Aware "
                        + "Cluster Scheduling Policies for Deep Learning Workloads\", OSDI 2020",
                "MIT", "https://github.com/stanford-futuredata/gavel (scheduler/*.json, commit "
                        + "c4fa40097339e9608ab71fd64c8bdea96a5e4a4c)", false, files.getOrDefault("gavel", List.of())));
        m.put("tf-benchmarks", new DataSource("tf-benchmarks",
                "TensorFlow 1.x tf_cnn_benchmarks images/s on AWS p2.8xlarge (K80), 1-8 GPUs and 1-64 GPUs with "
                        + "parameter servers, May 2017",
                "The TensorFlow Authors, \"Benchmarks\", TensorFlow performance guide "
                        + "(tensorflow/docs_src/performance/benchmarks.md), 2017",
                "Apache-2.0 (figures from the TensorFlow documentation)",
                "https://github.com/tensorflow/tensorflow/blob/r1.4/tensorflow/docs_src/performance/benchmarks.md",
                true, files.getOrDefault("tf-benchmarks", List.of())));
        m.put("courier", new DataSource("courier",
                "BigDL 0.11 on Spark 2.3 (GCE, 3 workers): LeNet-5 and a 784-128-10 MLP on MNIST, cpu x batch x "
                        + "njobs factorial, live test of the SLO selection",
                "D. Albo Martinez, S. Bobde, T. Motyka, L. Y. Chen, \"Courier: Real-Time Optimal Batch Size "
                        + "Prediction for Latency SLOs in BigDL\", ICPE 2021",
                "figures published by the authors (study repository)",
                "https://github.com/sharwinbobde/Courier-BigDL-Study (notebook outputs, commits b477e97 and 6fe31a1)",
                true, files.getOrDefault("courier", List.of())));
        m.put("vtrain", new DataSource("vtrain",
                "Megatron-DeepSpeed GPT iteration times on 2-8 A100 and nccl-tests all-reduce tables on A100 and V100 "
                        + "(2-8 GPUs, 1 MiB-1 GiB)",
                "J. Bang, Y. Choi, M. Kim, Y. Kim, M. Rhu, \"vTrain: A Simulation Framework for Evaluating "
                        + "Cost-effective and Compute-optimal Large Language Model Training\", MICRO 2024",
                "MIT", "https://github.com/VIA-Research/vTrain (data/ground_truth_single.csv, "
                        + "trace/{a100,v100}/AR_GPU*_1M_1024M_LUT, commit f8dda8473a48b373b1d25f51f52d685bff5150c5)",
                false, files.getOrDefault("vtrain", List.of())));
        this.sources = java.util.Collections.unmodifiableMap(m);
    }

    private static Map<String, List<SourceFile>> readFiles() {
        Map<String, List<SourceFile>> out = new LinkedHashMap<>();
        try (InputStream in = SourceCatalog.class.getResourceAsStream("/io/stepcast/datasets/catalog/files.tsv")) {
            if (in == null) {
                throw new IllegalStateException("io/stepcast/datasets/catalog/files.tsv is missing from the jar");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                String source = f[0];
                String path = f[1];
                out.computeIfAbsent(source, k -> new ArrayList<>())
                        .add(new SourceFile(path, f[2], Long.parseLong(f[3]), url(source, path)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static Optional<String> url(String source, String path) {
        return switch (source) {
            case "pollux" -> Optional.of(path.equals("LICENSE") ? POLLUX_RAW + "LICENSE"
                    : POLLUX_RAW + "simulator/traces/" + path);
            case "gavel" -> Optional.of(path.equals("LICENSE") ? GAVEL_RAW + "LICENSE" : GAVEL_RAW + "scheduler/" + path);
            default -> Optional.empty();
        };
    }

    /** Every source, in a fixed order. */
    public List<DataSource> all() {
        return List.copyOf(sources.values());
    }

    /**
     * The named source.
     *
     * @throws NoSuchElementException naming the known sources
     */
    public DataSource get(String name) {
        DataSource s = sources.get(name);
        if (s == null) {
            throw new NoSuchElementException("unknown data source '" + name + "' (known: "
                    + String.join(", ", sources.keySet()) + ")");
        }
        return s;
    }
}
