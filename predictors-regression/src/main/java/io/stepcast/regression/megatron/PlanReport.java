package io.stepcast.regression.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.zoo.TransformerShape;

import java.util.List;
import java.util.Locale;

/** The text table and the JSON object of {@code plan-llm}. */
final class PlanReport {
    private static final double GB = 1e9;

    private PlanReport() {
    }

    static String text(TransformerShape s, int gpus, long batch, String hardware, Efficiency e, String source, int valid,
                       double capacity, List<LayoutPlan> plans) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "GPT L=%d H=%d A=%d S=%d V=%d, global batch %d on %d GPUs of %s: %d valid layouts%n",
                s.layers(), s.hidden(), s.heads(), s.sequence(), s.vocabulary(), batch, gpus, hardware, valid));
        b.append(String.format(Locale.ROOT, "efficiency: %.3f of peak FLOPs, %.3f of memory bandwidth (%s); memory %.0f GB per GPU%n",
                e.flops(), e.memory(), source, capacity / GB));
        b.append(String.format(Locale.ROOT, "%5s %3s %3s %5s %4s %5s %10s %10s %9s %9s %8s %8s  %s%n", "rank", "tp", "pp",
                "dp", "mb", "m", "iter_s", "samples/s", "bubble_s", "dp_ar_s", "state_GB", "act_GB", "fits"));
        int rank = 1;
        for (LayoutPlan p : plans) {
            ParallelLayout l = p.layout();
            double bubble = p.pipelineS() * (l.pipeline() - 1) / (l.microBatches() + l.pipeline() - 1);
            b.append(String.format(Locale.ROOT, "%5d %3d %3d %5d %4d %5d %10.4f %10.1f %9.4f %9.4f %8.2f %8.2f  %s%n", rank++,
                    l.tensor(), l.pipeline(), l.data(), l.microBatch(), l.microBatches(), p.seconds(), batch / p.seconds(),
                    bubble, p.dataS(), p.stateBytes() / GB, p.activationBytes() / GB, p.fits() ? "yes" : "NO (out of memory)"));
        }
        return b.toString();
    }

    static String json(TransformerShape s, int gpus, long batch, String hardware, StatedLinks stated, Efficiency e,
                       String source, int valid, List<LayoutPlan> plans) {
        StringBuilder b = new StringBuilder("{");
        b.append(String.format(Locale.ROOT, "\"model\":{\"layers\":%d,\"hidden\":%d,\"heads\":%d,\"sequence\":%d,\"vocabulary\":%d},",
                s.layers(), s.hidden(), s.heads(), s.sequence(), s.vocabulary()));
        b.append(String.format(Locale.ROOT, "\"gpus\":%d,\"global_batch\":%d,\"hardware\":%s,\"valid_layouts\":%d,", gpus, batch,
                quote(hardware), valid));
        stated.intraGbps().ifPresent(v -> b.append("\"intra_node_gbps\":").append(num(v)).append(','));
        stated.nicGbps().ifPresent(v -> b.append("\"bandwidth_gbps\":").append(num(v)).append(','));
        b.append(String.format(Locale.ROOT, "\"efficiency\":{\"flops\":%s,\"memory\":%s,\"tensor_link\":%s,\"host_s\":%s,"
                        + "\"iteration_s\":%s,\"overlap\":%s,\"source\":%s},", num(e.flops()), num(e.memory()),
                num(e.tensorLink()), num(e.hostS()), num(e.iterationS()), num(e.overlap()), quote(source)));
        b.append("\"layouts\":[");
        for (int i = 0; i < plans.size(); i++) {
            LayoutPlan p = plans.get(i);
            ParallelLayout l = p.layout();
            b.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT,
                    "{\"rank\":%d,\"tp\":%d,\"pp\":%d,\"dp\":%d,\"micro_batch\":%d,\"micro_batches\":%d,\"iteration_s\":%s,"
                            + "\"pipeline_s\":%s,\"p2p_s\":%s,\"data_parallel_s\":%s,\"optimizer_s\":%s,"
                            + "\"state_bytes\":%s,\"activation_bytes\":%s,\"fits\":%b}",
                    i + 1, l.tensor(), l.pipeline(), l.data(), l.microBatch(), l.microBatches(), num(p.seconds()),
                    num(p.pipelineS()), num(p.p2pS()), num(p.dataS()), num(p.optimizerS()), num(p.stateBytes()),
                    num(p.activationBytes()), p.fits()));
        }
        return b.append("]}").append(System.lineSeparator()).toString();
    }

    private static String num(double d) {
        return Double.isFinite(d) ? Double.toString(d) : "null";
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
